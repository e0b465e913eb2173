import CardTableBasics
import Foundation

/// The version of a row as a move read it, so that the move's save is made only if no one has
/// changed the row since (see
/// ``DatabaseTransaction/saveUnlessChanged(_:key:since:storing:at:with:notifying:while:remembering:)``).
/// On PostgreSQL it is the row's `xmin`, which every change of the row moves on, with the moment
/// the server started: a server that lost transactions it had committed (a promoted standby, a
/// restore to a point in time) hands their ids out again, and a version kept from before must
/// not match a row changed since. SQLite's single writer runs a whole move alone, so there it
/// only says that the row was there.
package struct RowVersion: Sendable, Hashable {
    /// The row's version as text (empty on SQLite); nil when the row was not there.
    package let text: String?

    /// A row that was not there when the move read.
    package static let absent = RowVersion(text: nil)

    /// The column a `SELECT` from `table` adds to read its rows' versions as `row_version`.
    package static func column(of table: String) -> SQL {
        "\(SQL.dialect(sqlite: "''", postgres: postgresVersion(of: table))) AS row_version"
    }

    /// The version of a row of `table` on PostgreSQL: its `xmin`, and when the server started.
    static func postgresVersion(of table: String) -> String {
        "\(table).xmin::text || '@' || extract(epoch FROM pg_postmaster_start_time())::text"
    }

    /// The version a row read with ``column(of:)`` holds.
    package init(_ row: any DatabaseRow) throws {
        text = try row("row_version") as String
    }

    package init(text: String?) {
        self.text = text
    }
}

/// A move's save found its row changed since the move read it (another device of the same
/// player moved meanwhile): nothing was saved, and the move runs again from its read.
package struct ChangedMeanwhile: Error, CustomStringConvertible {
    package init() {}

    package var description: String { "the row was changed by another move meanwhile" }
}

/// A move that must change rows besides its own (a finished rated game: its players' ratings)
/// read them in a write transaction, where they stay locked until it commits: thrown by
/// ``DatabaseTransaction/requireWriteTransaction()`` in PostgreSQL's optimistic pass, after which
/// the move runs again in one.
package struct WriteTransactionNeeded: Error, CustomStringConvertible {
    package init() {}

    package var description: String { "this move changes rows it must lock, in a write transaction" }
}

/// A row to add to `table`: its columns and their values, and what to do when it is there
/// already (an `ON CONFLICT` clause; nothing: the insert fails).
package struct AddedRow: Sendable {
    package let table: String
    package let values: [(column: String, value: SQLValue)]
    package var onConflict: SQL = ""

    package init(table: String, values: [(column: String, value: SQLValue)], onConflict: SQL = "") {
        (self.table, self.values, self.onConflict) = (table, values, onConflict)
    }
}

extension DatabaseTransaction {
    /// Makes sure the move runs in a write transaction: on PostgreSQL's optimistic pass (no
    /// transaction block, see ``CardTableDatabase/move(_:)``) it throws
    /// ``WriteTransactionNeeded``, and the move runs again inside one. SQLite's moves always are.
    package func requireWriteTransaction() throws {
        guard canWrite else { throw WriteTransactionNeeded() }
    }

    /// Saves a move in one statement on PostgreSQL (one round trip, all or nothing) and in a
    /// few inside SQLite's transaction: stores `players` if need be, then saves `row`, unless
    /// someone changed it since `version` was read, and adds the `added` rows only if it was saved. A row
    /// that was there is updated only while its version is still `version` (so one deleted or
    /// moved meanwhile is not brought back); one that was not is inserted only while it is still
    /// not there.
    /// - Parameters:
    ///   - key: The columns that name the row, whose values are in `row`.
    ///   - notice: What to tell PostgreSQL's listeners on a channel once the save commits, if
    ///     it is made (nothing is sent on SQLite, whose instance is the only one).
    ///   - condition: What else the move started from that must still hold for the save to be
    ///     made over a row that was there (on PostgreSQL; SQLite's move runs alone): another row
    ///     it read, say, when that row's changes do not change the saved one.
    ///   - value: What the row holds once saved, as the move's next run may start from it
    ///     (see ``SavedRows``): kept beside the version the save gave the row when this
    ///     transaction keeps ``savedRows``.
    /// - Throws: ``ChangedMeanwhile`` when the row had changed, so nothing was saved (and what
    ///   was kept of it at `version` is forgotten).
    package func saveUnlessChanged(
        _ row: AddedRow, key: [String], since version: RowVersion, storing players: [PlayerID], at now: Date,
        with added: [AddedRow] = [], notifying notice: (channel: String, payload: String)? = nil,
        while condition: SQL? = nil, remembering value: (any Sendable)? = nil
    ) throws {
        let save: SQL
        if let text = version.text {
            let assignments = row.values.filter { !key.contains($0.column) }.map { column, value -> SQL in
                "\(identifier: column) = \(value)"
            }
            let named = row.values.filter { key.contains($0.column) }.map { column, value -> SQL in
                "\(identifier: column) = \(value)"
            }
            let also: SQL = condition.map { " AND (\($0))" } ?? ""
            let unchanged: SQL =
                dialect == .postgres
                ? " AND \(SQL(stringLiteral: RowVersion.postgresVersion(of: row.table))) = \(text)\(also)"
                : ""
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
            for player in players { try execute(.storing(player, at: now)) }
            guard try execute(save) > 0 else { throw ChangedMeanwhile() }
            for row in added { try insert(row) }
            return
        }
        // NB: every part of one statement sees the same snapshot, and the foreign keys are
        // checked at its end, so the rows added may name the players stored beside them.
        let storing = players.map { SQL.storing($0, at: now) }
        let returning = RowVersion.column(of: row.table)
        let adding = added.map { row -> (into: SQL, values: SQL, onConflict: SQL) in
            ("\(identifier: row.table) (\(Self.columns(of: row)))", Self.values(of: row), row.onConflict)
        }
        try makeSave(
            MoveSave(
                steps: { prefix in
                    let name = SQL(stringLiteral: prefix)
                    let stored = storing.enumerated().map { index, storing -> SQL in
                        "\(name)stored\(SQL(stringLiteral: String(index))) AS (\(storing)), "
                    }
                    let added = adding.enumerated().map { index, row -> SQL in
                        """
                        , \(name)added\(SQL(stringLiteral: String(index))) AS (
                            INSERT INTO \(row.into) SELECT \(row.values) FROM \(name)saved\(row.onConflict))
                        """
                    }
                    return """
                        \(SQL.joined(stored, separator: ""))\(name)saved AS (\(save) RETURNING \(returning))\(
                            SQL.joined(added, separator: ""))
                        """
                },
                notice: notice.map { "pg_notify(\($0.channel), \($0.payload))" },
                row: SavedRows.Key(
                    table: row.table,
                    values: key.compactMap { name in row.values.first { $0.column == name }?.value }),
                players: players, version: version, value: value))
    }

    /// Runs `save` and takes its answer (see ``MoveSave/conclude(answer:keepingIn:)``): what
    /// ``DatabaseTransaction/makeSave(_:)`` does unless a driver holds the save to send later.
    package func runSave(_ save: MoveSave) throws {
        let made = try rows(save.statement) { row in try RowVersion(row) }
        try save.conclude(answer: made, keepingIn: canWrite ? nil : savedRows)
    }

    /// Stores `player` if need be and adds `row`, in one statement on PostgreSQL (a row that
    /// names the player cannot meet them deleted between the two).
    package func insert(_ row: AddedRow, storing player: PlayerID, at now: Date) throws {
        guard dialect == .postgres else {
            try execute(.storing(player, at: now))
            return try insert(row)
        }
        try execute(
            """
            WITH stored AS (\(SQL.storing(player, at: now)))
            INSERT INTO \(identifier: row.table) (\(Self.columns(of: row))) VALUES (\(Self.values(of: row)))\(row.onConflict)
            """)
    }

    /// Adds `row` to its table.
    package func insert(_ row: AddedRow) throws {
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
