import PostgresNIO

extension PostgresDatabase {
    /// The most held saves sent as one statement (see ``SaveQueue``).
    static let savesSentTogether = 8

    /// A save's statement, and what no other save in its batch may claim: its row, and the
    /// players it stores (whose rows its added rows may name: two saves adding one player's
    /// preferences in one statement would be refused).
    @Sendable static func shape(of save: MoveSave) -> SaveQueue<MoveSave, [RowVersion]>.Shape {
        let (text, values) = save.rendered
        return .init(
            statement: .init(text: text, valueKinds: values.map(\.kind)),
            claims: [save.row]
                + save.players.map { SavedRows.Key(table: "player", values: [.text($0.rawValue)]) })
    }

    /// What a batch of saves that failed with `error` leaves of them:
    /// - PostgreSQL refused the statement (a key two saves both add, a deadlock, a statement to
    ///   prepare afresh) or cancelled it (past `statement_timeout`, waiting for a lock), or its
    ///   sender went away before it had a connection: nothing was made, and each save goes out
    ///   alone;
    /// - no connection could be had in time, or the breaker refuses: every save waiting for
    ///   that statement fails too, rather than wait as long again;
    /// - else (the connection was lost, or the statement went unanswered, so it may have been
    ///   made) each save in the batch fails.
    @Sendable static func failedBatch(_ error: any Error) -> SaveQueue<MoveSave, [RowVersion]>.FailedBatch {
        switch error {
        case is CancellationError: return .sendEachAlone
        case let error as PSQLError where error.code == .server: return .sendEachAlone
        case let error as DatabaseUnavailable:
            if ServerTimeouts.cancelledStatement(error.underlying) { return .sendEachAlone }
            if error.underlying is LeaseDeadline.NoConnectionInTime || error.underlying is CircuitBreaker.Open
            {
                return .failEveryone
            }
            return .failEach
        default: return .failEach
        }
    }

    /// Sends `saves` as one statement, one commit, on a leased connection (a save alone as its
    /// own ``MoveSave/statement``), and answers the versions each one's save made.
    /// - Throws: ``DatabaseUnavailable`` when no connection could be had or it was lost;
    ///   PostgreSQL's refusal of the statement.
    func sendTogether(_ saves: [MoveSave]) async throws -> [[RowVersion]] {
        // NB: the saves go in one fixed order of their rows, whoever leads, so two instances'
        // batches over the same rows take those rows' locks in one order. (The players they
        // store are not ordered: two batches storing the same two new players in opposite
        // orders may still deadlock, and PostgreSQL's refusal sends each save alone.)
        let order =
            saves.count == 1 ? [0] : saves.indices.sorted { saves[$0].row.order < saves[$1].row.order }
        let statement =
            saves.count == 1
            ? saves[0].rendered
            : Self.statement(sendingTogether: order.map { saves[$0] }).rendered(for: .postgres)
        let (deadline, logger) = (statementDeadline, logger)
        let rows = try await connection { connection in
            try await connection.answer(
                rendered: statement, wantsRows: true, within: deadline, logger: logger
            )
            .get().rows
        }
        var answers = Array(repeating: [RowVersion](), count: saves.count)
        for row in rows {
            let row = PostgresSQLRow(row: PostgresRandomAccessRow(row))
            let place = saves.count == 1 ? 0 : try row("save") as Int
            guard order.indices.contains(place) else { throw MissingColumn(column: "save") }
            answers[order[place]].append(try RowVersion(row))
        }
        return answers
    }

    /// One statement that makes each of `saves`, answering, for each row saved, the save's place
    /// in `saves` (`save`) beside its `row_version`. Every step of it sees one snapshot, and it
    /// commits once.
    static func statement(sendingTogether saves: [MoveSave]) -> SQL {
        let steps = saves.indices.map { saves[$0].steps("s\($0)_") }
        let answers = saves.indices.map { index -> SQL in
            let notify: SQL = saves[index].notice.map { "\($0)::text" } ?? "NULL::text"
            let place = SQL(stringLiteral: String(index))
            return "SELECT \(place) AS save, row_version, \(notify) AS notified FROM s\(place)_saved"
        }
        return "WITH \(SQL.joined(steps, separator: ", "))\n\(SQL.joined(answers, separator: "\nUNION ALL "))"
    }
}

extension SavedRows.Key {
    /// Where the row comes in the order batches of saves take their rows in: any order will do,
    /// as long as every instance takes the same.
    fileprivate var order: String { "\(table) \(values)" }
}
