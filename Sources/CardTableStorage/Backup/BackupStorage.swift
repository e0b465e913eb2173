import Foundation

/// Making a backup of either database a row at a time, and restoring one into either.
extension DatabaseTransaction {
    /// Hands each row of `table` to `body`, in its ``BackupTable/orderBy`` order, as column →
    /// value, holding only a few rows at a time.
    /// - Returns: How many rows there were.
    func forEachBackupRow(of table: BackupTable, _ body: ([String: BackupValue]) throws -> Void) throws -> Int
    {
        let columns = SQL.joined(table.columns.map { "\(identifier: $0.name)" }, separator: ", ")
        let order = SQL.joined(
            table.orderBy.map { name in
                table.columns.contains { $0.name == name && $0.kind == .text }
                    ? "\(identifier: name)\(Self.byteOrder)" : "\(identifier: name)"
            }, separator: ", ")
        var count = 0
        try forEachRow("SELECT \(columns) FROM \(identifier: table.name) ORDER BY \(order)") { row in
            var values: [String: BackupValue] = [:]
            for (name, kind) in table.columns {
                values[name] =
                    switch kind {
                    case .text: try (row(name) as String?).map(BackupValue.text) ?? .null
                    case .integer: try (row(name) as Int64?).map(BackupValue.integer) ?? .null
                    case .real: try (row(name) as Double?).map(BackupValue.real) ?? .null
                    case .flag: try (row(name) as Bool?).map(BackupValue.flag) ?? .null
                    case .date: try (row(name) as Date?).map(BackupValue.date) ?? .null
                    }
            }
            count += 1
            try body(values)
        }
        return count
    }

    /// Text sorted by its UTF-8 bytes, as SQLite sorts it by default; PostgreSQL's default is the
    /// database's locale, which may sort `B` before `a` or skip a dash, and so make another file.
    private static var byteOrder: SQL { .dialect(sqlite: " COLLATE BINARY", postgres: " COLLATE \"C\"") }

    /// Readies a new database for a restore: empties the tables a new database starts with rows
    /// in.
    /// - Throws: ``BackupError/destinationNotEmpty`` when a player or a room is stored.
    func startRestore() throws {
        let stored = try firstRow(
            """
            SELECT (SELECT count(*) FROM player WHERE id <> \(ReservedPlayer.sharedThemesOwner))
                + (SELECT count(*) FROM room) AS stored
            """
        ) { row in try row("stored") as Int }
        guard stored == 0 else { throw BackupError.destinationNotEmpty }
        // The shared built-in themes a new database starts with come back from the backup, with
        // the ids its games refer to.
        try execute("DELETE FROM player")
        try execute("DELETE FROM quarantine")
    }

    /// Inserts a backup's `row` into `table`.
    package func insert(_ row: [String: BackupValue], into table: BackupTable) throws {
        let columns = SQL.joined(table.columns.map { "\(identifier: $0.name)" }, separator: ", ")
        let values = SQL.joined(
            table.columns.map { "\((row[$0.name] ?? .null).sqlValue(for: dialect))" }, separator: ", ")
        try execute("INSERT INTO \(identifier: table.name) (\(columns)) VALUES (\(values))")
    }

    /// Ends a restore: PostgreSQL's numbering goes on after the restored rows (SQLite's does by
    /// itself).
    func finishRestore() throws {
        guard dialect == .postgres else { return }
        for table in BackupTable.all {
            guard let identity = table.identity else { continue }
            try execute(
                """
                SELECT setval(pg_get_serial_sequence(\(table.name), \(identity)),
                    coalesce((SELECT max(\(identifier: identity)) FROM \(identifier: table.name)), 0) + 1, false)
                """)
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
        case .real(let real): .real(real)
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
    case tableOutOfOrder(String, after: String, line: Int)
    case badValue(table: String, column: String, line: Int)
    case destinationNotEmpty

    package var description: String {
        switch self {
        case .notABackup(let line):
            "Line \(line) is not part of a CardTable backup (each line is a JSON object; the first names the backup)."
        case .otherSchema(let found, let expected):
            "This backup was made with schema \(found); this CardTable reads \(expected). Restore it with the version that made it."
        case .unknownTable(let table, let line):
            "Line \(line) is a row of table \(table), which CardTable does not have."
        case .tableOutOfOrder(let table, let previous, let line):
            "Line \(line) is a row of table \(table) after rows of \(previous): a backup holds its tables in the order they are restored."
        case .badValue(let table, let column, let line):
            "Line \(line): \(table).\(column) is missing, unknown or of the wrong kind."
        case .destinationNotEmpty:
            "The database already holds players or rooms: restore a backup into a new, empty database."
        }
    }
}
