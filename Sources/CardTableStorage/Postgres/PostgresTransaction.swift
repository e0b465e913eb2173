import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A ``DatabaseTransaction`` on PostgreSQL: a leased connection inside `BEGIN … COMMIT`, or, for
/// a move (``PostgresDatabase/move(_:)``), outside any block, each statement committing alone. Its
/// statements wait for their answers, so it must run on a thread that may block (the
/// database's thread pool), never on an event loop or in Swift's cooperative pool.
package struct PostgresTransaction: DatabaseTransaction {
    package let connection: PostgresConnection
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

    /// Runs `sql` and waits for its answer: prepared on the connection once it has a slot in
    /// ``PreparedStatements``, else unnamed (parsed and planned afresh).
    private func run(_ sql: SQL, wantsRows: Bool) throws -> (rows: [PostgresRow], rowCount: Int) {
        let (text, values) = sql.rendered(for: .postgres)
        var binds = PostgresBindings(capacity: values.count)
        for value in values { value.bind(to: &binds) }
        let prepared = Self.preparedText(of: text, wantsRows: wantsRows)
        guard let prepared,
            let slot = PreparedStatements.shared.slot(
                for: PreparedStatements.Statement(text: prepared.text, valueKinds: values.map(\.kind)))
        else {
            let result = try connection.answer(
                PostgresQuery(unsafeSQL: text, binds: binds), within: deadline, logger: logger
            )
            .wait()
            return (result.rows, result.metadata.rows ?? 0)
        }
        let answer = connection.eventLoop.makePromise(of: [PostgresRow].self)
        // NB: on the connection's event loop, where postgres-nio writes and answers statements:
        // a channel seen open there gets the statement into its pipeline before it can close
        // (see `answer(_:within:logger:)`).
        Task(executorPreference: EventLoopTaskExecutor(connection.eventLoop)) {
            [connection, binds, deadline, logger] in
            do {
                guard !connection.isClosed else { throw PostgresConnectionClosed() }
                connection.giveUp(answer, unansweredWithin: deadline)
                answer.succeed(try await connection.runPrepared(slot: slot, bindings: binds, logger: logger))
            } catch {
                answer.fail(error)
            }
        }
        let generation = PreparedStatements.shared.generation
        let rows: [PostgresRow]
        do {
            rows = try answer.futureResult.wait()
        } catch  where PreparedStatements.isStale(error) {
            PreparedStatements.shared.startAfresh(unlessSince: generation)
            throw error
        } catch let error as PSQLError where error.code == .server {
            // NB: postgres-nio keeps a statement whose preparing failed (a lock it waited for was
            // cancelled, a deadlock) failed on its connection for good, and the error cannot
            // tell preparing from running: the connection goes, and the pool opens another.
            let _: EventLoopFuture<Void> = connection.close()
            throw error
        }
        guard prepared.countsChanges else { return (rows, rows.count) }
        let count = try rows.first.map { try PostgresRandomAccessRow($0)["changed"].decode(Int.self) } ?? 0
        return ([], count)
    }

    /// What to prepare for `text`: itself when it is read for its rows or is a query (whose rows
    /// count themselves); an insert, update or delete run for how many rows it changed, wrapped
    /// to answer with that count (postgres-nio gives no command tag for a prepared statement);
    /// nil for any other statement, which is sent unnamed: a `FETCH`, whose columns are its
    /// cursor's (a prepared statement's are fixed when it is prepared), or a command.
    private static func preparedText(of text: String, wantsRows: Bool) -> (text: String, countsChanges: Bool)?
    {
        let verb = text.prefix { $0.isLetter }.uppercased()
        switch verb {
        case "SELECT": return (text, false)
        case "WITH": return wantsRows ? (text, false) : nil
        case "INSERT", "UPDATE", "DELETE":
            if wantsRows || text.range(of: "RETURNING", options: .caseInsensitive) != nil {
                return (text, false)
            }
            return ("WITH changes AS (\(text) RETURNING 1) SELECT count(*) AS changed FROM changes", true)
        default: return nil
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
