/// A store a backup is made from and restored into: the SQLite store or PostgreSQL.
protocol BackupStore: Sendable {
    /// Every row of `table`, in its ``BackupTable/orderBy`` order, as column → value.
    func backupRows(of table: BackupTable) async throws -> [[String: BackupValue]]

    /// Replaces what is stored with `tables`' rows, in one transaction.
    /// - Throws: ``BackupError/destinationNotEmpty`` when a player or a room is stored: a backup
    ///   is restored into a new database.
    func restore(_ tables: [(table: BackupTable, rows: [[String: BackupValue]])]) async throws
}

/// Why a backup could not be made or restored.
enum BackupError: Error, Equatable, CustomStringConvertible {
    case notABackup(line: Int)
    case otherSchema(found: String, expected: String)
    case unknownTable(String, line: Int)
    case badValue(table: String, column: String, line: Int)
    case destinationNotEmpty

    var description: String {
        switch self {
        case .notABackup(let line):
            "Line \(line) is not part of a CardTable backup (each line is a JSON object; the first names the backup)."
        case .otherSchema(let found, let expected):
            "This backup was made with schema \(found); this CardTable reads \(expected). Restore it with the version that made it."
        case .unknownTable(let table, let line):
            "Line \(line) is a row of table \(table), which CardTable does not have."
        case .badValue(let table, let column, let line):
            "Line \(line): \(table).\(column) is missing, unknown or of the wrong kind."
        case .destinationNotEmpty:
            "The database already holds players or rooms: restore a backup into a new, empty database."
        }
    }
}
