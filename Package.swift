// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

/// Settings every CardTable target shares: warnings are errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// Settings of the server's layers (basics, storage, HTTP, the site): a release build lets the
/// layers above inline and specialize their code, as when they were one module (the split cost
/// moves 5–7 % more CPU without it; docs/ARCHITECTURE.md).
let layer: [SwiftSetting] =
    strict + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "CardTable",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cardtable", targets: ["cardtable"]),
        .library(name: "MemorizeCore", targets: ["MemorizeCore"]),
        .library(name: "SetCore", targets: ["SetCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // MARK: - Engines (no server, database or HTML imports)
        .target(name: "SeededRandom", swiftSettings: strict),
        .target(name: "MemorizeCore", dependencies: ["SeededRandom"], swiftSettings: strict),
        .target(name: "SetCore", dependencies: ["SeededRandom"], swiftSettings: strict),
        // Glicko-2 ratings (issue 49): pure arithmetic on values.
        .target(name: "RatingCore", swiftSettings: strict),

        // MARK: - System libraries
        // Debian's libqrencode draws the rooms' QR codes (README and .ci/run install it).
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // glibc's malloc_trim: the memory of closed connections given back (MemoryGiveBack).
        .systemLibrary(name: "CMalloc"),
        // Debian's ICU (libicu-dev): the confusable skeletons of UTS #39 that tell look-alike
        // names apart, behind a C function of its own (ICU's headers would meet Foundation's ICU).
        .target(
            name: "CConfusables",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]),

        // MARK: - Page fields named once
        // `@TemplateFields` writes a page model's Mustache lookups from its declaration.
        .macro(
            name: "TemplateFieldsMacros",
            dependencies: [
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "TemplateFields",
            dependencies: ["TemplateFieldsMacros", .product(name: "Mustache", package: "swift-mustache")],
            swiftSettings: strict
        ),

        // MARK: - The server, in layers (docs/ARCHITECTURE.md draws them)
        // Values every layer shares: ids, JSON, the clock, shutdown.
        .target(
            name: "CardTableBasics",
            dependencies: [.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")],
            swiftSettings: layer
        ),
        // The database: the only layer that imports GRDB or PostgresNIO.
        .target(
            name: "CardTableStorage",
            dependencies: [
                "CardTableBasics",
                "SetCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: layer
        ),
        // Connections, middleware, compression, static files and metrics: the only layer that
        // imports NIOHTTP1 or HummingbirdCore.
        .target(
            name: "CardTableHTTP",
            dependencies: [
                "CardTableBasics",
                "CMalloc",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: layer
        ),
        // Web Push (RFC 8030, 8291, 8292): the messages' encryption, the server's VAPID key, where
        // a push may go, and sending it. No HTTP server, no storage: the site uses it.
        .target(
            name: "WebPush",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: layer
        ),
        // The site and its features, and the app that puts the layers together.
        .target(
            name: "CardTableWeb",
            dependencies: [
                "CardTableBasics",
                "CardTableStorage",
                "CardTableHTTP",
                "TemplateFields",
                "MemorizeCore",
                "SetCore",
                "RatingCore",
                "SeededRandom",
                "WebPush",
                "CQRencode",
                "CConfusables",
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // NB: each feature keeps its templates and scripts beside its code; `.process` puts them
            // all at the top of one bundle, so their names must differ.
            resources: [
                .process("Platform/Resources"), .process("Memorize/Resources"),
                .process("Themes/Resources"), .process("Set/Resources"), .process("Rooms/Resources"),
                .process("Daily/Resources"), .process("Stats/Resources"), .process("Devices/Resources"),
                .process("Ratings/Resources"), .process("Bots/Resources"),
                .process("Chat/Resources"), .process("Pace/Resources"),
            ],
            swiftSettings: layer
        ),
        .target(
            name: "CardTableCommands",
            dependencies: [
                "CardTableBasics",
                "CardTableHTTP",
                "CardTableStorage",
                "CardTableWeb",
                "SetCore",
                "SeededRandom",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(name: "cardtable", dependencies: ["CardTableCommands"], swiftSettings: strict),

        // MARK: - Tests
        // NB: a regular target, because test targets cannot depend on one another; only tests import it.
        .target(
            name: "SetTestSupport", dependencies: ["SetCore"], path: "Tests/SetTestSupport",
            swiftSettings: strict
        ),
        .testTarget(
            name: "MemorizeCoreTests",
            dependencies: [
                "MemorizeCore", "SeededRandom",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        // NB: a browser's side of Web Push and a push service on loopback, for both test targets.
        .target(
            name: "PushTestSupport",
            dependencies: [
                "WebPush", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/PushTestSupport", swiftSettings: strict
        ),
        .testTarget(
            name: "WebPushTests",
            dependencies: [
                "WebPush", "PushTestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "RatingCoreTests",
            dependencies: ["RatingCore", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SetCoreTests",
            dependencies: [
                "SetCore", "SeededRandom", "SetTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CardTableWebTests",
            dependencies: [
                "CardTableBasics", "CardTableStorage", "CardTableHTTP", "CardTableWeb",
                "SetCore", "SetTestSupport", "SeededRandom", "WebPush", "PushTestSupport",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // NB: golden JSON as today's code stores it; copied as they are, never regenerated.
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TemplateFieldsMacrosTests",
            dependencies: [
                "TemplateFieldsMacros",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CardTableCommandsTests",
            dependencies: ["CardTableCommands", "SetCore"],
            swiftSettings: strict
        ),
    ]
)
