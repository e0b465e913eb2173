import Foundation
import GRDB
import Logging

extension SQLiteDatabase {
    // MARK: - Checks before opening

    /// Checks the database file at `path` on a read-only connection, before anything opens it for
    /// writing (opening it for writing already writes: the switch to WAL mode, and GRDB's start
    /// of the WAL file), so a file refused is left exactly as it was. A missing or empty file
    /// (0 bytes) is a new database: that is said in the log at notice level.
    /// - Returns: Whether the file was checked; false when a read-only connection could not read
    ///   it (a hot journal only a writer may roll back), and the writer must check it.
    /// - Throws: ``DatabaseOpeningError``, as ``checkBeforeMigrating(_:path:)``.
    static func checkBeforeOpening(_ path: String, logger: Logger) throws -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        guard let size, size > 0 else {
            logger.notice(
                size == nil
                    ? "No database at \(path): a new, empty database is created there"
                    : "The database file at \(path) is empty (0 bytes): a new, empty database is created in it",
                metadata: ["database": "\(path)"])
            return true
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        do {
            let reader = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? reader.close() }
            try checkBeforeMigrating(reader, path: path)
            return true
        } catch let error as DatabaseError where isDamage(error) {
            throw DatabaseOpeningError.damaged(path: path, details: [error.message ?? "\(error)"])
        } catch let error as DatabaseError
            where [ResultCode.SQLITE_READONLY, .SQLITE_CANTOPEN].contains(error.resultCode)
        {
            return false
        }
    }

    // MARK: - Checks before migrating

    /// Refuses a database that SQLite finds damaged, or that a newer CardTable has migrated:
    /// migrating either could make things worse.
    /// - Throws: ``DatabaseOpeningError``.
    static func checkBeforeMigrating(_ dbWriter: any DatabaseWriter, path: String?) throws {
        let known = Set(migrator.migrations)
        let (problems, applied): ([String], Set<String>)
        do {
            (problems, applied) = try dbWriter.read { db in
                (
                    try String.fetchAll(db, sql: "PRAGMA quick_check"),
                    try migrator.appliedIdentifiers(db)
                )
            }
        } catch let error as DatabaseError where isDamage(error) {
            throw DatabaseOpeningError.damaged(path: path, details: [error.message ?? "\(error)"])
        }
        guard problems == ["ok"] else {
            // NB: SQLite may put several problems in one row, under a "*** in database main ***" line.
            let lines = problems.flatMap { $0.split(separator: "\n").map(String.init) }
            throw DatabaseOpeningError.damaged(path: path, details: lines.filter { !$0.hasPrefix("***") })
        }
        let unknown = applied.subtracting(known)
        guard unknown.isEmpty else {
            throw DatabaseOpeningError.writtenByNewerVersion(path: path, migrations: unknown.sorted())
        }
    }

    /// Whether SQLite said the file is not a database, or a damaged one.
    static func isDamage(_ error: DatabaseError) -> Bool {
        [ResultCode.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode)
    }
}
