import Foundation

/// Making a backup of either database, and restoring one into either.
extension CardTableDatabase {
    /// Every row of `table`, in its ``BackupTable/orderBy`` order, as column → value.
    func backupRows(of table: BackupTable) async throws -> [[String: BackupValue]] {
        try await read { try $0.backupRows(of: table) }
    }

    /// Replaces what is stored with `tables`' rows, in one transaction.
    /// - Throws: ``BackupError/destinationNotEmpty`` when a player or a room is stored: a backup
    ///   is restored into a new database.
    func restore(_ tables: [(table: BackupTable, rows: [[String: BackupValue]])]) async throws {
        try await write { try $0.restore(tables) }
    }
}

extension DatabaseTransaction {
    /// Every row of `table`, in its ``BackupTable/orderBy`` order, as column → value.
    func backupRows(of table: BackupTable) throws -> [[String: BackupValue]] {
        let columns = SQL.joined(table.columns.map { "\(identifier: $0.name)" }, separator: ", ")
        let order = SQL.joined(table.orderBy.map { "\(identifier: $0)" }, separator: ", ")
        return try rows("SELECT \(columns) FROM \(identifier: table.name) ORDER BY \(order)") { row in
            var values: [String: BackupValue] = [:]
            for (name, kind) in table.columns {
                values[name] =
                    switch kind {
                    case .text: try (row(name) as String?).map(BackupValue.text) ?? .null
                    case .integer: try (row(name) as Int64?).map(BackupValue.integer) ?? .null
                    case .flag: try (row(name) as Bool?).map(BackupValue.flag) ?? .null
                    case .date: try (row(name) as Date?).map(BackupValue.date) ?? .null
                    }
            }
            return values
        }
    }

    /// Replaces what is stored with `tables`' rows.
    /// - Throws: ``BackupError/destinationNotEmpty`` when a player or a room is stored.
    func restore(_ tables: [(table: BackupTable, rows: [[String: BackupValue]])]) throws {
        let stored = try firstRow(
            """
            SELECT (SELECT count(*) FROM player WHERE id <> \(SharedThemes.owner))
                + (SELECT count(*) FROM room) AS stored
            """
        ) { row in try row("stored") as Int }
        guard stored == 0 else { throw BackupError.destinationNotEmpty }
        // The shared built-in themes a new database starts with come back from the backup, with
        // the ids its games refer to.
        try execute("DELETE FROM player")
        try execute("DELETE FROM quarantine")
        for (table, rows) in tables {
            let columns = SQL.joined(table.columns.map { "\(identifier: $0.name)" }, separator: ", ")
            for row in rows {
                let values = SQL.joined(
                    table.columns.map { "\((row[$0.name] ?? .null).sqlValue(for: dialect))" }, separator: ", "
                )
                try execute("INSERT INTO \(identifier: table.name) (\(columns)) VALUES (\(values))")
            }
            if let identity = table.identity, dialect == .postgres {
                // PostgreSQL's numbering goes on after the restored rows (SQLite's does by itself).
                try execute(
                    """
                    SELECT setval(pg_get_serial_sequence(\(table.name), \(identity)),
                        coalesce((SELECT max(\(identifier: identity)) FROM \(identifier: table.name)), 0) + 1, false)
                    """)
            }
        }
    }
}

extension BackupValue {
    /// The value as `dialect` stores it.
    fileprivate func sqlValue(for dialect: SQLDialect) -> SQLValue {
        switch self {
        case .null: .null
        case .text(let text): .text(text)
        case .integer(let integer): .integer(integer)
        case .flag(let flag): .bool(flag)
        case .date(let date):
            switch dialect {
            case .postgres: .date(date)
            // NB: as GRDB writes dates, from the backup's exact milliseconds (a Date holds a hair
            // less than some of them, and GRDB would cut the last digit).
            case .sqlite: .text(BackupValue.dateText(date).replacing("T", with: " ").replacing("Z", with: ""))
            }
        }
    }
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
