// swift-tools-version: 6.2
import PackageDescription

/// Benchmarks for the hot paths of SetCore, kept apart so that the main `swift test` never builds
/// them. Run with `swift package --package-path Benchmarks benchmark`.
let package = Package(
    name: "CardTableBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "CardTable", path: ".."),
        .package(
            url: "https://github.com/ordo-one/package-benchmark",
            from: "1.38.1",
            traits: ["MallocInterposer"]
        ),
    ],
    targets: [
        .executableTarget(
            name: "SetBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "SetCore", package: "CardTable"),
            ],
            path: "Benchmarks/SetBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        )
    ]
)
