import ArgumentParser
import CardTableWeb
import Foundation
import Logging
import Testing

@testable import CardTableCommands

/// `cardtable serve` refuses a database it must not touch with a message and an exit code of its
/// own, before it listens.
@Suite struct StartupRefusalTests {
    @Test func aDatabaseFromANewerCardTableExitsWith3() {
        let refusal = StartupRefusal(
            .writtenByNewerVersion(path: "/data/cardtable.sqlite", migrations: ["v9-tournaments"]))
        #expect(refusal.exitCode == ExitCode(3))
        #expect(
            refusal.message
                == "The database at /data/cardtable.sqlite was written by a newer CardTable (migration "
                + "v9-tournaments); this version cannot read it safely. "
                + "Upgrade CardTable, or start it with another --database.")
    }

    @Test func aDamagedDatabaseExitsWith4() {
        let refusal = StartupRefusal(
            .damaged(path: "/data/cardtable.sqlite", details: ["Page 3 is never used"]))
        #expect(refusal.exitCode == ExitCode(4))
        #expect(
            refusal.message.hasPrefix(
                "The database at /data/cardtable.sqlite is damaged: Page 3 is never used."))
        #expect(refusal.message.hasSuffix("start it with another --database."))
    }

    @Test func serveRefusesAFileThatIsNotADatabaseAndLeavesItAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cardtable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("notes.txt").path
        let notes = Data(String(repeating: "Shopping list: eggs, milk.\n", count: 400).utf8)
        try notes.write(to: URL(fileURLWithPath: path))

        var reported: [String] = []
        #expect(throws: ExitCode(4)) {
            try Serve.openDatabase(at: path, logger: Logger(label: "test")) { reported.append($0) }
        }
        #expect(reported.count == 1)
        #expect(reported.first?.hasPrefix("The database at \(path) is damaged") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == notes)
    }
}
