import Foundation

/// The version of a row as a move read it, so that the move's save is made only if no one has
/// changed the row since (see
/// ``DatabaseTransaction/saveUnlessChanged(_:key:since:storing:at:with:)``). On PostgreSQL it
/// is the row's `xmin`, which every change of the row moves on; SQLite's single writer runs a
/// whole move alone, so there it only says that the row was there.
struct RowVersion: Sendable, Hashable {
    /// PostgreSQL's `xmin` of the row as text (empty on SQLite); nil when the row was not there.
    let text: String?

    /// A row that was not there when the move read.
    static let absent = RowVersion(text: nil)

    /// The column a `SELECT` from `table` adds to read its rows' versions as `row_version`.
    static func column(of table: String) -> SQL {
        "\(SQL.dialect(sqlite: "''", postgres: "\(table).xmin::text")) AS row_version"
    }

    /// The version a row read with ``column(of:)`` holds.
    init(_ row: any DatabaseRow) throws {
        text = try row("row_version") as String
    }

    init(text: String?) {
        self.text = text
    }
}

/// A move's save found its row changed since the move read it (another device of the same
/// player moved meanwhile): nothing was saved, and the move runs again from its read.
struct ChangedMeanwhile: Error, CustomStringConvertible {
    var description: String { "the row was changed by another move meanwhile" }
}

/// A row to add to `table`: its columns and their values, and what to do when it is there
/// already (an `ON CONFLICT` clause; nothing: the insert fails).
struct AddedRow: Sendable {
    let table: String
    let values: [(column: String, value: SQLValue)]
    var onConflict: SQL = ""
}

extension DatabaseTransaction {
    /// Saves a move in one statement on PostgreSQL (one round trip, all or nothing) and in a
    /// few inside SQLite's transaction: stores `player` if need be, then saves `row`, unless
    /// someone changed it since `version` was read, and adds `rows` only if it was saved. A row
    /// that was there is updated only while its version is still `version` (so one deleted or
    /// moved meanwhile is not brought back); one that was not is inserted only while it is still
    /// not there.
    /// - Parameter key: The columns that name the row, whose values are in `row`.
    /// - Throws: ``ChangedMeanwhile`` when the row had changed, so nothing was saved.
    func saveUnlessChanged(
        _ row: AddedRow, key: [String], since version: RowVersion, storing player: PlayerID, at now: Date,
        with rows: [AddedRow] = []
    ) throws {
        let save: SQL
        if let text = version.text {
            let assignments = row.values.filter { !key.contains($0.column) }.map { column, value -> SQL in
                "\(identifier: column) = \(value)"
            }
            let named = row.values.filter { key.contains($0.column) }.map { column, value -> SQL in
                "\(identifier: column) = \(value)"
            }
            let unchanged: SQL =
                dialect == .postgres ? " AND \(identifier: row.table).xmin::text = \(text)" : ""
            save = """
                UPDATE \(identifier: row.table) SET \(SQL.joined(assignments, separator: ", "))
                WHERE \(SQL.joined(named, separator: " AND "))\(unchanged)
                """
        } else {
            save = """
                INSERT INTO \(identifier: row.table) (\(Self.columns(of: row))) VALUES (\(Self.values(of: row)))\(
                    SQL.dialect(sqlite: "", postgres: " ON CONFLICT DO NOTHING"))
                """
        }
        guard dialect == .postgres else {
            try execute(.storing(player, at: now))
            guard try execute(save) > 0 else { throw ChangedMeanwhile() }
            for row in rows { try insert(row) }
            return
        }
        let added = rows.enumerated().map { index, row -> SQL in
            """
            , added\(SQL(stringLiteral: String(index))) AS (
                INSERT INTO \(identifier: row.table) (\(Self.columns(of: row))) SELECT \(Self.values(of: row)) FROM saved\(row.onConflict))
            """
        }
        let saved = try firstRow(
            """
            WITH stored AS (\(SQL.storing(player, at: now))), saved AS (\(save) RETURNING 1)\(
                SQL.joined(added, separator: ""))
            SELECT count(*) AS saved FROM saved
            """
        ) { row in try row("saved") as Int }
        guard saved ?? 0 > 0 else { throw ChangedMeanwhile() }
    }

    /// Adds `row` to its table.
    func insert(_ row: AddedRow) throws {
        try execute(
            "INSERT INTO \(identifier: row.table) (\(Self.columns(of: row))) VALUES (\(Self.values(of: row)))\(row.onConflict)"
        )
    }

    private static func columns(of row: AddedRow) -> SQL {
        SQL.joined(row.values.map { "\(identifier: $0.column)" }, separator: ", ")
    }

    private static func values(of row: AddedRow) -> SQL {
        SQL.joined(row.values.map { "\($0.value)" }, separator: ", ")
    }
}
