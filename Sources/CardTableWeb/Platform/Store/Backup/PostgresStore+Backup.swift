import Foundation
import PostgresNIO

extension PostgresStore: BackupStore {
    func backupRows(of table: BackupTable) async throws -> [[String: BackupValue]] {
        try await snapshot { connection in
            let sql =
                "SELECT \(table.columns.map(\.name).joined(separator: ", ")) FROM \(table.name) "
                + "ORDER BY \(table.orderBy.joined(separator: ", "))"
            var rows: [[String: BackupValue]] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
                let cells = row.makeRandomAccess()
                var values: [String: BackupValue] = [:]
                for (name, kind) in table.columns {
                    let cell = cells[name]
                    values[name] =
                        switch kind {
                        case .text: try cell.decode(String?.self).map(BackupValue.text) ?? .null
                        case .integer: try cell.decode(Int64?.self).map(BackupValue.integer) ?? .null
                        case .flag: try cell.decode(Bool?.self).map(BackupValue.flag) ?? .null
                        case .date: try cell.decode(Date?.self).map(BackupValue.date) ?? .null
                        }
                }
                rows.append(values)
            }
            return rows
        }
    }

    func restore(_ tables: [(table: BackupTable, rows: [[String: BackupValue]])]) async throws {
        try await transaction { connection in
            let rows = try await connection.query(
                "SELECT (SELECT count(*) FROM player WHERE id <> \(CardTableStore.sharedThemesOwner)) + (SELECT count(*) FROM room)",
                logger: logger)
            for try await stored in rows.decode(Int.self) where stored > 0 {
                throw BackupError.destinationNotEmpty
            }
            try await connection.query("DELETE FROM player", logger: logger)
            try await connection.query("DELETE FROM quarantine", logger: logger)
            for (table, rows) in tables {
                let names = table.columns.map(\.name)
                let sql =
                    "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) "
                    + "VALUES (\((1...names.count).map { "$\($0)" }.joined(separator: ", ")))"
                for row in rows {
                    var binds = PostgresBindings(capacity: names.count)
                    for name in names {
                        // NB: PostgreSQL takes an untyped NULL as the column's type.
                        switch row[name] ?? .null {
                        case .null: binds.appendNull()
                        case .text(let text): binds.append(text)
                        case .integer(let integer): binds.append(integer)
                        case .flag(let flag): binds.append(flag)
                        case .date(let date): binds.append(date)
                        }
                    }
                    try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
                }
                if let identity = table.identity {
                    // The numbering goes on after the restored rows.
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: """
                                SELECT setval(pg_get_serial_sequence('\(table.name)', '\(identity)'),
                                    coalesce((SELECT max(\(identity)) FROM \(table.name)), 0) + 1, false)
                                """), logger: logger)
                }
            }
        }
    }
}
