import Foundation

/// A portable copy of everything stored, as JSON lines, for moving a site between SQLite and
/// PostgreSQL (or keeping a copy): a first line that names the backup and the schema it was made
/// with, then one line per row, table by table in ``BackupTable/all``'s order:
///
///     {"cardtable":"backup","format":1,"schema":"v9-player-names"}
///     {"row":{"created_at":"2026-11-24T20:13:05.123Z","id":"…","last_seen_at":null,…},"table":"player"}
///
/// Keys are sorted and rows ordered, so the same data always makes the same file.
public enum Backup {
    /// The schema backups are made with and restored into: the last migration of both stores.
    static let schema = "v9-player-names"
    /// Earlier schemas whose backups restore too: every later migration only added tables, which
    /// such a backup leaves empty.
    static let earlierSchemas: Set = ["v6-rooms", "v7-stats", "v8-devices"]

    struct Header: Codable, Equatable {
        var cardtable = "backup"
        var format = 1
        let schema: String
    }

    struct Line: Codable {
        let row: [String: BackupScalar]
        let table: String
    }

    /// Writes everything `database` holds to `url`, replacing the file.
    /// - Returns: How many rows each table had.
    @discardableResult
    static func make(from database: some CardTableDatabase, to url: URL) async throws -> [String: Int] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = Data()
        text.append(try encoder.encode(Header(schema: schema)))
        text.append(0x0A)
        var counts: [String: Int] = [:]
        for table in BackupTable.all {
            let rows = try await database.backupRows(of: table)
            counts[table.name] = rows.count
            for row in rows {
                text.append(try encoder.encode(Line(row: row.mapValues(\.scalar), table: table.name)))
                text.append(0x0A)
            }
        }
        try text.write(to: url, options: .atomic)
        return counts
    }

    /// Restores the backup at `url` into `database`, which must hold no player or room yet.
    /// - Returns: How many rows each table got.
    @discardableResult
    static func restore(from url: URL, into database: some CardTableDatabase) async throws -> [String: Int] {
        let tables = try read(Data(contentsOf: url))
        try await database.restore(tables)
        return Dictionary(uniqueKeysWithValues: tables.map { ($0.table.name, $0.rows.count) })
    }

    /// The tables and rows of a backup's text, checked line by line.
    static func read(_ data: Data) throws -> [(table: BackupTable, rows: [[String: BackupValue]])] {
        let decoder = JSONDecoder()
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: true)
        guard let first = lines.first, let header = try? decoder.decode(Header.self, from: first),
            header.cardtable == "backup", header.format == 1
        else { throw BackupError.notABackup(line: 1) }
        guard header.schema == schema || earlierSchemas.contains(header.schema) else {
            throw BackupError.otherSchema(found: header.schema, expected: schema)
        }
        var rows: [String: [[String: BackupValue]]] = [:]
        for (index, text) in lines.enumerated().dropFirst() {
            let number = index + 1
            guard let line = try? decoder.decode(Line.self, from: text) else {
                throw BackupError.notABackup(line: number)
            }
            guard let table = BackupTable.all.first(where: { $0.name == line.table }) else {
                throw BackupError.unknownTable(line.table, line: number)
            }
            if let extra = Set(line.row.keys).subtracting(table.columns.map(\.name)).sorted().first {
                throw BackupError.badValue(table: table.name, column: extra, line: number)
            }
            var row: [String: BackupValue] = [:]
            for (name, kind) in table.columns {
                guard let scalar = line.row[name], let value = BackupValue(scalar, kind: kind) else {
                    throw BackupError.badValue(table: table.name, column: name, line: number)
                }
                row[name] = value
            }
            rows[table.name, default: []].append(row)
        }
        return BackupTable.all.map { ($0, rows[$0.name] ?? []) }
    }
}
