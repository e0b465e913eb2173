import Foundation
import GRDB
import Logging
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// `SQLiteDatabase` refuses, untouched, a file it could make worse: one a newer CardTable migrated,
/// and one SQLite finds damaged.
@Suite struct DatabaseOpeningTests {
    @Test func theMigrationsLandSoFarKeepTheirOrder() {
        let landed = [
            "v1", "v2-set-games", "v3-quarantine", "v4-lazy-players", "v5-memorize-preferences",
            "v6-rooms", "v7-stats", "v8-devices", "v9-player-names", "v10-set-variants", "v11-appearance",
            "v12-sound", "v13-ratings", "v14-chat", "v15-recent-players", "v16-push", "v17-daily-rooms",
        ]
        #expect(Array(SQLiteDatabase.migrator.migrations.prefix(landed.count)) == landed)
    }

    @Test func aDatabaseFromANewerCardTableIsRefused() async throws {
        try await withTemporaryDatabase { path in
            _ = try SQLiteDatabase(.file(path: path))
            try addMigration("v11-future-feature", to: path)

            #expect(
                throws: DatabaseOpeningError.writtenByNewerVersion(
                    path: path, migrations: ["v11-future-feature"])
            ) {
                try SQLiteDatabase(.file(path: path))
            }
            let error = DatabaseOpeningError.writtenByNewerVersion(
                path: path, migrations: ["v11-future-feature"])
            #expect(error.description.contains("written by a newer CardTable (migration v11-future-feature)"))
            // NB: nothing was migrated or removed: the newer CardTable still finds its database.
            let identifiers = try DatabaseQueue(path: path).read { db in
                try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
            }
            #expect(identifiers.contains("v11-future-feature"))
        }
    }

    @Test func aDatabaseThatFailsQuickCheckIsRefused() async throws {
        try await withTemporaryDatabase { path in
            try makeDamagedDatabase(at: path)
            #expect {
                try SQLiteDatabase(.file(path: path))
            } throws: { error in
                guard case .damaged(path, let details)? = error as? DatabaseOpeningError else { return false }
                return details.count > 3 && details.allSatisfy { !$0.contains("\n") && $0 != "ok" }
                    && "\(error)".contains("and \(details.count - 3) more problems.")
            }
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefused() async throws {
        try await withTemporaryDatabase { path in
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
            #expect {
                try SQLiteDatabase(.file(path: path))
            } throws: { error in
                guard case .damaged(path, _)? = error as? DatabaseOpeningError else { return false }
                return "\(error)".hasPrefix("The database at \(path) is damaged")
            }
        }
    }

    // MARK: - Checked before anything writes

    /// Opening a file for writing writes to it (the switch to WAL mode, GRDB's start of the WAL
    /// file): the checks run before, on a read-only connection, so a refused file is left byte
    /// for byte as it was.
    @Test func aDamagedDatabaseIsRefusedWithoutAByteChanged() async throws {
        try await withTemporaryDatabase { path in
            try makeDamagedDatabase(at: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: DatabaseOpeningError.self) { try SQLiteDatabase(.file(path: path)) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test func aDatabaseFromANewerCardTableIsRefusedWithoutAByteChanged() async throws {
        try await withTemporaryDatabase { path in
            try SQLiteDatabase(.file(path: path)).close()
            try addMigration("v11-future-feature", to: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(throws: DatabaseOpeningError.self) { try SQLiteDatabase(.file(path: path)) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    /// The checks themselves only read, a healthy file too: its header's change counter and
    /// schema cookie stay. (The `SQLiteDatabase` that opens it afterwards does write: GRDB starts the WAL
    /// file by creating and dropping a table when there is none, as after every clean close.)
    @Test func theChecksReadAHealthyDatabaseWithoutWritingIt() async throws {
        try await withTemporaryDatabase { path in
            try SQLiteDatabase(.file(path: path)).close()
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(try SQLiteDatabase.checkBeforeOpening(path, logger: Logger(label: "test")))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            _ = try SQLiteDatabase(.file(path: path))
        }
    }

    /// An empty file (or none) is a new database, which the log says at notice level, naming it.
    @Test(arguments: [true, false])
    func aNewDatabaseIsSaidInTheLog(fileExists: Bool) async throws {
        try await withTemporaryDatabase { path in
            if fileExists {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            }
            let log = RecordedLog()
            let store = try SQLiteDatabase(.file(path: path), logger: Logger(label: "test") { _ in log })
            let said = log.entries.filter { $0.level == .notice }
            #expect(said.count == 1)
            #expect(said.first?.message.contains(path) == true)
            #expect(
                said.first?.message.contains(fileExists ? "is empty (0 bytes)" : "No database at") == true)
            try store.close()

            // NB: a database with something in it is not new.
            let again = RecordedLog()
            _ = try SQLiteDatabase(.file(path: path), logger: Logger(label: "test") { _ in again })
            #expect(again.entries.isEmpty)
        }
    }

    // MARK: - Helpers

    private func addMigration(_ identifier: String, to path: String) throws {
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier])
        }
    }
}

/// Writes a database at `path` whose pages `PRAGMA quick_check` finds broken: a table's b-tree
/// page is overwritten with junk, the file's header left intact.
func makeDamagedDatabase(at path: String) throws {
    try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let pageSize = try DatabaseQueue(path: path).write { db in
        try db.execute(sql: "CREATE TABLE junk (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        for id in 0..<400 {
            try db.execute(
                sql: "INSERT INTO junk (text) VALUES (?)", arguments: [String(repeating: "x", count: 50 + id)]
            )
        }
        return try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seek(toOffset: UInt64(pageSize * 3 + 8))
    try handle.write(contentsOf: Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }))
    try handle.close()
}
