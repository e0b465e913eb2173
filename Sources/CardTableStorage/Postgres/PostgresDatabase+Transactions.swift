import PostgresNIO

extension PostgresDatabase {
    /// Runs `body` in one transaction, on a thread that may wait for PostgreSQL: committed when
    /// it returns, rolled back when it throws.
    /// - Throws: ``DatabaseUnavailable`` when no connection could be had or it was lost.
    package func write<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value)
        async throws
        -> Value
    {
        try await runningAgainIfStale { try await self.writeOnce(body) }
    }

    private func writeOnce<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value)
        async throws
        -> Value
    {
        try await DamagedRowPolicy.write { damage in
            try await transaction { [self] connection in
                try await run(body, on: connection, canWrite: true, damage: damage)
            }
        } setAsideAgain: { rows in
            try await transaction { [self] connection in
                try await run(
                    { transaction in for row in rows { try transaction.setAsideAgain(row) } },
                    on: connection, canWrite: true)
            }
        }
    }

    /// Runs `body` on one snapshot of the database, without writing, on a thread that may wait
    /// for PostgreSQL. When `body` meets a damaged row, it runs again as a write, which sets the
    /// row aside.
    /// - Throws: ``DatabaseUnavailable`` when no connection could be had or it was lost.
    package func read<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value)
        async throws
        -> Value
    {
        try await runningAgainIfStale { try await self.readOnce(body) }
    }

    private func readOnce<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value)
        async throws
        -> Value
    {
        try await DamagedRowPolicy.read {
            try await snapshot { [self] connection in
                try await run(body, on: connection, canWrite: false)
            }
        } elseWrite: {
            try await writeOnce(body)
        }
    }

    /// Runs `work` (a transaction, rolled back when it throws) once more when PostgreSQL refused
    /// one of its prepared statements because a table it reads changed shape meanwhile (another
    /// instance migrated the schema): by then every statement is prepared afresh.
    private func runningAgainIfStale<Value>(_ work: () async throws -> Value) async throws -> Value {
        do {
            return try await work()
        } catch  where PreparedStatements.isStale(error) {
            return try await work()
        }
    }

    /// How many times a move runs outside a transaction block before it runs in one, where a
    /// row it reads for a write is locked (a room's) and so cannot change before its save.
    static let optimisticAttempts = 3

    /// How many times a move runs in all before giving up (``DatabaseUnavailable``, a 503) when its
    /// save keeps finding its row changed: each time, another change of the row was saved
    /// meanwhile (the same player's game, a room's other members), so only a row changed a
    /// hundred times during one move gets there.
    static let moveAttempts = 100

    /// Runs `body` as a move (see ``CardTableDatabase/move(_:)``): without a transaction block,
    /// so each statement commits alone (first from memory, when this instance keeps its row, see
    /// ``movedFromMemory(_:)``), and again when its save finds its row changed; after
    /// ``optimisticAttempts`` such runs, or when it meets a damaged row or asks for one
    /// (``WriteTransactionNeeded``), in a write transaction.
    /// - Throws: ``DatabaseUnavailable`` when no connection could be had or it was lost, or when the
    ///   move found its row changed ``moveAttempts`` times.
    package func move<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value)
        async throws
        -> Value
    {
        var inTransaction = false
        for attempt in 0..<Self.moveAttempts {
            do {
                if inTransaction || attempt >= Self.optimisticAttempts { return try await write(body) }
                if let value = try await movedFromMemory(body) { return value }
                // NB: a row met damaged is set aside by the write transaction this throws the
                // move to (``DamagedRow/NeedsWriting``), not statement by statement.
                return try await connection { [self] connection in
                    try await run(body, on: connection, canWrite: false, savedRows: savedRows)
                }
            } catch is DamagedRow.NeedsWriting {
                inTransaction = true
            } catch is WriteTransactionNeeded {
                inTransaction = true
            } catch is ChangedMeanwhile {
                continue
            } catch let error as PSQLError where Self.mustRunAgain(error) {
                continue
            }
        }
        throw DatabaseUnavailable(underlying: ChangedMeanwhile())
    }

    /// Whether PostgreSQL undid a statement because of another transaction and it may simply
    /// run again: a deadlock (a move's save takes its game row, then the player's key share for
    /// the rows it adds, while a theme edit or a merge locks the player and then the games), or
    /// a serialization failure; or a prepared statement refused because its tables changed shape
    /// (see ``PreparedStatements/startAfresh()``).
    private static func mustRunAgain(_ error: PSQLError) -> Bool {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001" || PreparedStatements.isStale(error)
    }

    /// Runs `body` on `connection` as a ``PostgresTransaction``, on one of the threads that may
    /// wait for PostgreSQL's answers; `savedRows` only for a move outside a transaction block.
    func run<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresTransaction) throws -> Value, on connection: PostgresConnection,
        canWrite: Bool, damage: DamageLog = DamageLog(), savedRows: SavedRows? = nil
    ) async throws -> Value {
        let (logger, deadline) = (logger, statementDeadline)
        return try await blockingThreads.runIfActive {
            try body(
                PostgresTransaction(
                    destination: .connection(connection), canWrite: canWrite, damage: damage,
                    deadline: deadline, logger: logger, savedRows: savedRows))
        }
    }
}
