import GRDB

extension CardTableStore {
    // MARK: - Checks before migrating

    /// Refuses a database that SQLite finds damaged, or that a newer CardTable has migrated:
    /// migrating either could make things worse.
    /// - Throws: ``StoreOpeningError``.
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
            throw StoreOpeningError.damaged(path: path, details: [error.message ?? "\(error)"])
        }
        guard problems == ["ok"] else {
            // NB: SQLite may put several problems in one row, under a "*** in database main ***" line.
            let lines = problems.flatMap { $0.split(separator: "\n").map(String.init) }
            throw StoreOpeningError.damaged(path: path, details: lines.filter { !$0.hasPrefix("***") })
        }
        let unknown = applied.subtracting(known)
        guard unknown.isEmpty else {
            throw StoreOpeningError.writtenByNewerVersion(path: path, migrations: unknown.sorted())
        }
    }

    /// Whether SQLite said the file is not a database, or a damaged one.
    static func isDamage(_ error: DatabaseError) -> Bool {
        [ResultCode.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode)
    }
}
