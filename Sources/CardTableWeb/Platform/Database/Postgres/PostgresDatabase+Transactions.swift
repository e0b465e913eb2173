import PostgresNIO

extension PostgresDatabase {
    /// Runs `body` in one transaction, on a thread that may wait for PostgreSQL: committed when
    /// it returns, rolled back when it throws.
    /// - Throws: ``StoreUnavailable`` when no connection could be had or it was lost.
    func write<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value)
        async throws
        -> Value
    {
        let (threads, logger, damage) = (blockingThreads, logger, DamageLog())
        do {
            return try await transaction { connection in
                try await threads.runIfActive {
                    try body(
                        PostgresTransaction(
                            connection: connection, canWrite: true, damage: damage, logger: logger))
                }
            }
        } catch {
            let rows = damage.rows
            if !rows.isEmpty {
                try await transaction { connection in
                    try await threads.runIfActive {
                        let transaction = PostgresTransaction(
                            connection: connection, canWrite: true, damage: DamageLog(), logger: logger)
                        for row in rows { try transaction.setAsideAgain(row) }
                    }
                }
            }
            throw error
        }
    }

    /// Runs `body` on one snapshot of the database, without writing, on a thread that may wait
    /// for PostgreSQL. When `body` meets a damaged row, it runs again as a write, which sets the
    /// row aside.
    /// - Throws: ``StoreUnavailable`` when no connection could be had or it was lost.
    func read<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value) async throws
        -> Value
    {
        let (threads, logger) = (blockingThreads, logger)
        do {
            return try await snapshot { connection in
                try await threads.runIfActive {
                    try body(
                        PostgresTransaction(
                            connection: connection, canWrite: false, damage: DamageLog(), logger: logger))
                }
            }
        } catch is DamagedRow.NeedsWriting {
            return try await write(body)
        }
    }

    /// How many times a move runs outside a transaction block before it runs in one, where a
    /// row it reads for a write is locked (a room's) and so cannot change before its save.
    static let optimisticAttempts = 3

    /// How many times a move runs in all before giving up (``StoreUnavailable``, a 503) when its
    /// save keeps finding its row changed: each time, another change of the row was saved
    /// meanwhile (the same player's game, a room's other members), so only a row changed a
    /// hundred times during one move gets there.
    static let moveAttempts = 100

    /// Runs `body` as a move (see ``CardTableDatabase/move(_:)``): without a transaction block,
    /// so each statement commits alone, and again when its save finds its row changed; after
    /// ``optimisticAttempts`` such runs, or when it meets a damaged row, in a write transaction.
    /// - Throws: ``StoreUnavailable`` when no connection could be had or it was lost, or when the
    ///   move found its row changed ``moveAttempts`` times.
    func move<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value) async throws
        -> Value
    {
        let (threads, logger) = (blockingThreads, logger)
        var inTransaction = false
        for attempt in 0..<Self.moveAttempts {
            do {
                if inTransaction || attempt >= Self.optimisticAttempts { return try await write(body) }
                return try await connection { connection in
                    try await threads.runIfActive {
                        // NB: a row met damaged is set aside by the write transaction this
                        // throws the move to (``DamagedRow/NeedsWriting``), not statement by
                        // statement.
                        try body(
                            PostgresTransaction(
                                connection: connection, canWrite: false, damage: DamageLog(), logger: logger))
                    }
                }
            } catch is DamagedRow.NeedsWriting {
                inTransaction = true
            } catch is ChangedMeanwhile {
                continue
            } catch let error as PSQLError where Self.mustRunAgain(error) {
                continue
            }
        }
        throw StoreUnavailable(underlying: ChangedMeanwhile())
    }

    /// Whether PostgreSQL undid a statement because of another transaction and it may simply
    /// run again: a deadlock (a move's save takes its game row, then the player's key share for
    /// the rows it adds, while a theme edit or a merge locks the player and then the games), or
    /// a serialization failure.
    private static func mustRunAgain(_ error: PSQLError) -> Bool {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }
}
