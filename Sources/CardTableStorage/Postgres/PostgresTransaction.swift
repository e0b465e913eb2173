import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A ``DatabaseTransaction`` on PostgreSQL: a leased connection inside `BEGIN … COMMIT`, or, for
/// a move (``PostgresDatabase/move(_:)``), outside any block, each statement committing alone. Its
/// statements wait for their answers, so on a connection it must run on a thread that may block
/// (the database's thread pool), never on an event loop or in Swift's cooperative pool. A move
/// run from memory has no connection and sends nothing (see ``Destination/holding(_:)``).
package struct PostgresTransaction: DatabaseTransaction {
    /// Where its statements go.
    package enum Destination: Sendable {
        /// To PostgreSQL, on a leased connection.
        case connection(PostgresConnection)
        /// Nowhere: a move run from what this instance saved last, whose save is held to be sent
        /// once it has run (see ``PostgresDatabase/move(_:)``); any other statement is refused.
        case holding(HeldSave)
    }

    package let destination: Destination
    package let canWrite: Bool
    package let damage: DamageLog
    /// How long each statement waits for its answer (see ``PostgresDatabase/statementDeadline``).
    package let deadline: Duration
    package let logger: Logger
    package let savedRows: SavedRows?

    package var dialect: SQLDialect { .postgres }

    @discardableResult
    package func execute(_ sql: SQL) throws -> Int {
        try run(sql, wantsRows: false).rowCount
    }

    package func rows<Value>(_ sql: SQL, _ decode: (any DatabaseRow) throws -> Value) throws -> [Value] {
        try run(sql, wantsRows: true).rows.map {
            try decode(PostgresSQLRow(row: PostgresRandomAccessRow($0)))
        }
    }

    /// How many rows ``forEachRow(_:_:)`` fetches from its cursor at a time.
    package static let cursorPage = 500

    package func forEachRow(_ sql: SQL, _ body: (any DatabaseRow) throws -> Void) throws {
        // NB: a query's result holds all its rows, so the rows come through a cursor, a page at
        // a time; PostgreSQL sorts (or walks an index) once for the whole statement. The cursor
        // has one name, so `body` must not call this again.
        try execute("DECLARE cardtable_rows NO SCROLL CURSOR FOR \(sql)")
        var fetched = Self.cursorPage
        while fetched == Self.cursorPage {
            let page = try run(
                SQL(stringLiteral: "FETCH FORWARD \(Self.cursorPage) FROM cardtable_rows"), wantsRows: true
            )
            .rows
            fetched = page.count
            for row in page { try body(PostgresSQLRow(row: PostgresRandomAccessRow(row))) }
        }
        try execute("CLOSE cardtable_rows")
    }

    package func copyToQuarantine(
        from table: String, matching: [String: SQLValue], keyColumns: [String], because error: String,
        unchangedFrom: String?
    ) throws -> [String] {
        // NB: the key is written as JSONText writes it (sorted, compact), as the SQLite driver does.
        let members = keyColumns.sorted().map { column -> SQL in
            "\("\"\(column)\":") || to_json(d.\(identifier: column))::text"
        }
        let key: SQL = "'{' || \(SQL.joined(members, separator: " || ',' || ")) || '}'"
        let unchanged: SQL = unchangedFrom.map { " AND row_to_json(d)::text = \($0)" } ?? ""
        return try rows(
            """
            INSERT INTO quarantine (table_name, row_key, row_text, error)
            SELECT \(table), \(key), row_to_json(d)::text, \(error) FROM \(identifier: table) d
            WHERE \(SQL.equal(matching))\(unchanged)
            RETURNING row_text
            """
        ) { row in try row("row_text") }
    }

    package func makeSave(_ save: MoveSave) throws {
        switch destination {
        case .connection(let connection):
            // NB: as ``runSave(_:)``, with the statement as the save rendered it.
            let made = try connection.answer(
                rendered: save.rendered, wantsRows: true, within: deadline, logger: logger
            )
            .wait().rows.map { try RowVersion(PostgresSQLRow(row: PostgresRandomAccessRow($0))) }
            try save.conclude(answer: made, keepingIn: canWrite ? nil : savedRows)
        case .holding(let held):
            try held.hold(save)
        }
    }

    /// Runs `sql` and waits for its answer (see
    /// ``PostgresConnection/answer(_:wantsRows:within:logger:)``).
    /// - Throws: ``MoveNeedsConnection`` when the transaction has no connection.
    private func run(_ sql: SQL, wantsRows: Bool) throws -> PostgresAnswer {
        switch destination {
        case .connection(let connection):
            try connection.answer(sql, wantsRows: wantsRows, within: deadline, logger: logger).wait()
        case .holding(let held):
            throw held.refuse()
        }
    }
}

/// A row PostgreSQL sent.
package struct PostgresSQLRow: DatabaseRow {
    package let row: PostgresRandomAccessRow

    package func decode<Value: DatabaseColumnValue>(_ type: Value.Type, forColumn column: String) throws
        -> Value
    {
        guard row.contains(column) else { throw MissingColumn(column: column) }
        return try row[column].decode(Value.self)
    }

    package func isNull(_ column: String) throws -> Bool {
        guard row.contains(column) else { throw MissingColumn(column: column) }
        return row[column].bytes == nil
    }
}

/// A statement's rows have no column of that name.
package struct MissingColumn: Error, CustomStringConvertible {
    package let column: String

    package var description: String { "no column \(column)" }
}

extension SQLValue {
    /// Binds the value as PostgreSQL takes it: a truth value as `boolean`, a moment as
    /// `timestamptz`.
    package func bind(to binds: inout PostgresBindings) {
        switch self {
        case .null: binds.appendNull()
        case .integer(let integer): binds.append(integer)
        case .real(let real): binds.append(real)
        case .text(let text): binds.append(text)
        case .bool(let bool): binds.append(bool)
        case .date(let date): binds.append(date)
        }
    }
}
