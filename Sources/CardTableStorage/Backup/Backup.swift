import Foundation

/// A portable copy of everything stored, as JSON lines, for moving a site between SQLite and
/// PostgreSQL (or keeping a copy): a first line that names the backup and the schema it was made
/// with, then one line per row, table by table in ``BackupTable/all``'s order:
///
///     {"cardtable":"backup","format":1,"schema":"v17-daily-rooms"}
///     {"row":{"created_at":"2026-11-24T20:13:05.123Z","id":"…","last_seen_at":null,…},"table":"player"}
///
/// Keys are sorted and rows ordered (text by its bytes), so the same data always makes the same
/// file. A backup is written as its rows are read, and restored as its lines are read: neither
/// holds the site in memory.
package enum Backup {
    /// The schema backups are made with and restored into: the last migration of both databases.
    static let schema = "v17-daily-rooms"
    /// Earlier schemas whose backups restore too: every later migration only added tables, which
    /// such a backup leaves empty, or nullable columns, which it leaves null (see
    /// ``BackupTable/addedLater``).
    static let earlierSchemas: Set = [
        "v6-rooms", "v7-stats", "v8-devices", "v9-player-names", "v10-set-variants",
        "v11-appearance", "v12-sound", "v13-ratings", "v14-chat", "v15-recent-players",
        "v16-push",
    ]

    struct Header: Codable, Equatable {
        package var cardtable = "backup"
        package var format = 1
        let schema: String
    }

    struct Line: Codable {
        package let row: [String: BackupScalar]
        package let table: String
    }

    /// Writes everything `database` holds to `url`, replacing the file once the backup is
    /// complete.
    /// - Returns: How many rows each table had.
    @discardableResult
    package static func make(from database: some CardTableDatabase, to url: URL) async throws -> [String: Int]
    {
        let output = try BackupFileOutput(replacing: url)
        do {
            let counts = try await make(from: database, into: output)
            try output.finish()
            return counts
        } catch {
            output.discard()
            throw error
        }
    }

    /// Hands everything `database` holds to `output`, line by line as the rows are read, from
    /// one snapshot: every table is read in the same read transaction, a few rows at a time.
    /// - Returns: How many rows each table had.
    @discardableResult
    package static func make(from database: some CardTableDatabase, into output: some BackupOutput)
        async throws
        -> [String: Int]
    {
        try await database.read { transaction in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try output.write(line: encoder.encode(Header(schema: schema)))
            var counts: [String: Int] = [:]
            for table in BackupTable.all {
                counts[table.name] = try transaction.forEachBackupRow(of: table) { row in
                    try output.write(
                        line: encoder.encode(Line(row: row.mapValues(\.scalar), table: table.name)))
                }
            }
            return counts
        }
    }

    /// Restores the backup at `url` into `database`, which must hold no player or room yet.
    /// - Returns: How many rows each table got.
    @discardableResult
    package static func restore(from url: URL, into database: some CardTableDatabase) async throws -> [String:
        Int]
    {
        try await restore(from: BackupFileInput(url), into: database)
    }

    /// Restores the backup `input` holds into `database`, which must hold no player or room yet,
    /// in one transaction: each line is checked and its row inserted as it is read (on
    /// PostgreSQL, streamed into `COPY`), and a line refused undoes the whole restore.
    /// - Returns: How many rows each table got.
    @discardableResult
    package static func restore(from input: some BackupInput, into database: some CardTableDatabase)
        async throws
        -> [String: Int]
    {
        let reader = try BackupReader(input)
        if let postgres = database as? PostgresDatabase { return try await postgres.restoreByCopying(reader) }
        return try await database.write { [reader] transaction in
            var reader = reader
            try transaction.startRestore()
            var counts = Dictionary(uniqueKeysWithValues: BackupTable.all.map { ($0.name, 0) })
            while let (table, row) = try reader.next() {
                try transaction.insert(row, into: table)
                counts[table.name, default: 0] += 1
            }
            try transaction.finishRestore()
            return counts
        }
    }
}
