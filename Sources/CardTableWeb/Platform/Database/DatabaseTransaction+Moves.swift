import Foundation

/// The version of a row as a move read it, so that the move's save is made only if no one has
/// changed the row since (see
/// ``DatabaseTransaction/saveUnlessChanged(into:_:since:storing:at:with:)``). On PostgreSQL it is
/// the row's `xmin`, which every change of the row moves on; SQLite's single writer runs a whole
/// move alone, so there it is never needed and always nil.
struct RowVersion: Sendable, Hashable {
    /// PostgreSQL's `xmin` of the row as text; nil when the row was not there (or on SQLite).
    let xmin: String?

    /// A row that was not there when the move read.
    static let absent = RowVersion(xmin: nil)

    /// The column a `SELECT` from `table` adds to read its rows' versions as `row_version`.
    static func column(of table: String) -> SQL {
        "\(SQL.dialect(sqlite: "NULL", postgres: "\(table).xmin::text")) AS row_version"
    }

    /// The version a row read with ``column(of:)`` holds.
    init(_ row: any DatabaseRow) throws {
        xmin = try row("row_version")
    }

    init(xmin: String?) {
        self.xmin = xmin
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
    /// few inside SQLite's transaction: stores `player` if need be, then `upsert`s their row
    /// into `table` unless someone changed it since `version` was read, and adds `rows` only if
    /// it did.
    /// - Parameter upsert: The `INSERT … ON CONFLICT … DO UPDATE SET …` of the row, given the
    ///   condition to end it with (`WHERE` and a condition, or nothing on SQLite).
    /// - Throws: ``ChangedMeanwhile`` when the row had changed, so nothing was saved.
    func saveUnlessChanged(
        into table: String, _ upsert: (_ unchangedCondition: SQL) -> SQL, since version: RowVersion,
        storing player: PlayerID, at now: Date, with rows: [AddedRow] = []
    ) throws {
        guard dialect == .postgres else {
            try execute(.storing(player, at: now))
            guard try execute(upsert("")) > 0 else { throw ChangedMeanwhile() }
            for row in rows { try insert(row) }
            return
        }
        // NB: a row that was not there when the move read, but is now, was stored meanwhile.
        let unchanged: SQL =
            version.xmin.map { " WHERE \(identifier: table).xmin::text = \($0)" } ?? " WHERE FALSE"
        let added = rows.enumerated().map { index, row -> SQL in
            """
            , added\(SQL(stringLiteral: String(index))) AS (
                INSERT INTO \(identifier: row.table) (\(Self.columns(of: row))) SELECT \(Self.values(of: row)) FROM saved\(row.onConflict))
            """
        }
        let saved = try firstRow(
            """
            WITH stored AS (\(SQL.storing(player, at: now))), saved AS (\(upsert(unchanged)) RETURNING 1)\(
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
