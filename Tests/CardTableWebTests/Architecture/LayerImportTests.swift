import Foundation
import Testing

/// The layers' walls (docs/ARCHITECTURE.md): which modules each target's files may import. The
/// package's dependencies keep a layer from importing one above it, but a module a dependency
/// brings along can still be imported; this check reads every source file's imports.
@Suite struct LayerImportTests {
    /// Modules only the layer named may import (features never reach a driver or the
    /// connection layer's internals).
    static let ownedModules: [String: Set<String>] = [
        "GRDB": ["CardTableStorage"],
        "PostgresNIO": ["CardTableStorage"],
        "NIOPosix": ["CardTableStorage", "CardTableHTTP"],
        "NIOHTTP1": ["CardTableHTTP"],
        "HummingbirdCore": ["CardTableHTTP"],
    ]

    /// Our own modules each layer may import: none above it.
    static let ownLayersBelow: [String: Set<String>] = [
        "CardTableBasics": [],
        "CardTableStorage": ["CardTableBasics"],
        "CardTableHTTP": ["CardTableBasics"],
        "CardTableWeb": ["CardTableBasics", "CardTableStorage", "CardTableHTTP"],
        "CardTableCommands": ["CardTableBasics", "CardTableStorage", "CardTableHTTP", "CardTableWeb"],
    ]

    static let ownModules: Set<String> = Set(ownLayersBelow.keys)

    @Test func everyFileImportsOnlyWhatItsLayerMay() throws {
        var breaches: [String] = []
        for (target, allowedOwn) in Self.ownLayersBelow {
            let files = try Self.swiftFiles(of: target)
            #expect(files.count > 5, "found too few files in \(target)")
            for file in files {
                for module in Self.imports(in: try String(contentsOf: file, encoding: .utf8)) {
                    if Self.ownModules.contains(module), !allowedOwn.contains(module) {
                        breaches.append(
                            "\(target)/\(file.lastPathComponent) imports \(module), a layer above it")
                    }
                    if let owners = Self.ownedModules[module], !owners.contains(target) {
                        breaches.append("\(target)/\(file.lastPathComponent) imports \(module)")
                    }
                }
            }
        }
        #expect(breaches.isEmpty, "\(breaches.sorted().joined(separator: "\n"))")
    }

    @Test func theDriversAndTheConnectionLayerAreImportedWhereTheyBelong() throws {
        // The check above must see real imports: each owned module is imported somewhere.
        var seen: Set<String> = []
        for target in Self.ownLayersBelow.keys {
            for file in try Self.swiftFiles(of: target) {
                seen.formUnion(Self.imports(in: try String(contentsOf: file, encoding: .utf8)))
            }
        }
        #expect(Set(Self.ownedModules.keys).isSubset(of: seen))
    }

    @Test func importsAreReadInEveryForm() {
        let source = """
            import Foundation
            @preconcurrency import GRDB
            internal import PostgresNIO
            @testable import CardTableWeb
            import struct NIOCore.ByteBuffer
            #if canImport(Glibc)
                import Glibc
            #endif
            // import Hidden
            let text = "import NotOne"
            """
        #expect(
            Self.imports(in: source)
                == ["Foundation", "GRDB", "PostgresNIO", "CardTableWeb", "NIOCore", "Glibc"])
    }

    /// The modules `source` imports, in order.
    static func imports(in source: String) -> [String] {
        let pattern =
            #/^\s*(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)/#
        return source.split(separator: "\n").compactMap { line in
            line.firstMatch(of: pattern).map { String($0.1) }
        }
    }

    /// Every Swift file of the target `name`, under `Sources/`.
    static func swiftFiles(of name: String) throws -> [URL] {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/\(name)")
        let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (found?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }
}
