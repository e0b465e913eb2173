extension PostgresStore {
    /// Runs `body` in one transaction, on a thread that may wait for PostgreSQL: committed when
    /// it returns, rolled back when it throws.
    /// - Throws: ``StoreUnavailable`` when no connection could be had or it was lost.
    func write<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value)
        async throws
        -> Value
    {
        let (threads, logger) = (blockingThreads, logger)
        return try await transaction { connection in
            try await threads.runIfActive {
                try body(PostgresTransaction(connection: connection, logger: logger))
            }
        }
    }

    /// Runs `body` on one snapshot of the database, without writing, on a thread that may wait
    /// for PostgreSQL.
    /// - Throws: ``StoreUnavailable`` when no connection could be had or it was lost.
    func read<Value: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> Value) async throws
        -> Value
    {
        let (threads, logger) = (blockingThreads, logger)
        return try await snapshot { connection in
            try await threads.runIfActive {
                try body(PostgresTransaction(connection: connection, logger: logger))
            }
        }
    }
}
