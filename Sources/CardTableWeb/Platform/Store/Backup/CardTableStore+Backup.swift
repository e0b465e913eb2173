import Foundation
import GRDB

extension CardTableStore: BackupStore {
    func backupRows(of table: BackupTable) async throws -> [[String: BackupValue]] {
        try await read { transaction in
            let sql =
                "SELECT \(table.columns.map(\.name).joined(separator: ", ")) FROM \(table.name) "
                + "ORDER BY \(table.orderBy.joined(separator: ", "))"
            return try Row.fetchAll(transaction.db, sql: sql).map { row in
                var values: [String: BackupValue] = [:]
                for (name, kind) in table.columns {
                    values[name] = try Self.backupValue(row, name, kind)
                }
                return values
            }
        }
    }

    func restore(_ tables: [(table: BackupTable, rows: [[String: BackupValue]])]) async throws {
        try await write { transaction in
            let db = transaction.db
            let stored =
                try Int.fetchOne(
                    db,
                    sql: "SELECT (SELECT count(*) FROM player WHERE id <> ?) + (SELECT count(*) FROM room)",
                    arguments: [CardTableStore.sharedThemesOwner]) ?? 0
            guard stored == 0 else { throw BackupError.destinationNotEmpty }
            // The shared built-in themes a new database starts with come back from the backup,
            // with the ids its games refer to.
            try db.execute(sql: "DELETE FROM player; DELETE FROM quarantine")
            for (table, rows) in tables {
                let names = table.columns.map(\.name)
                let statement = try db.makeStatement(
                    sql: "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) "
                        + "VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))")
                for row in rows {
                    try statement.execute(
                        arguments: StatementArguments(names.map { (row[$0] ?? .null).databaseValue }))
                }
            }
        }
    }

    private static func backupValue(_ row: Row, _ column: String, _ kind: BackupTable.Kind) throws
        -> BackupValue
    {
        if (row[column] as DatabaseValue).isNull { return .null }
        switch kind {
        case .text: return .text(try row.decode(forColumn: column))
        case .integer: return .integer(try row.decode(forColumn: column))
        case .flag: return .flag(try row.decode(forColumn: column))
        case .date: return .date(try row.decode(forColumn: column))
        }
    }
}

extension BackupValue {
    /// The value as SQLite stores it.
    fileprivate var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .text(let text): text.databaseValue
        case .integer(let integer): integer.databaseValue
        case .flag(let flag): flag.databaseValue
        // NB: as GRDB writes dates, from the backup's exact milliseconds (a Date holds a hair less
        // than some of them, and GRDB would cut the last digit).
        case .date(let date):
            BackupValue.dateText(date).replacing("T", with: " ").replacing("Z", with: "").databaseValue
        }
    }
}
