import CardTableHTTP
import CardTableStorage

/// `base`, with every read, write and move timed (see ``TransactionMeters``), whichever the driver.
struct MeasuredDatabase<Base: CardTableDatabase>: CardTableDatabase {
    let base: Base
    let reads: TransactionMeters
    let writes: TransactionMeters
    let moves: TransactionMeters

    init(_ base: Base, metrics: ServerMetrics) {
        self.base = base
        (reads, writes, moves) = (
            metrics.transactions("read"), metrics.transactions("write"), metrics.transactions("move")
        )
    }

    func read<Value: Sendable>(_ body: @escaping @Sendable (Base.Transaction) throws -> Value) async throws
        -> Value
    {
        try await reads.measure { try await base.read(body) }
    }

    func write<Value: Sendable>(_ body: @escaping @Sendable (Base.Transaction) throws -> Value) async throws
        -> Value
    {
        try await writes.measure { try await base.write(body) }
    }

    func move<Value: Sendable>(_ body: @escaping @Sendable (Base.Transaction) throws -> Value) async throws
        -> Value
    {
        try await moves.measure { try await base.move(body) }
    }
}

extension CardTableDatabase {
    /// This database, its transactions timed into `metrics`.
    func measured(by metrics: ServerMetrics) -> any CardTableDatabase {
        MeasuredDatabase(self, metrics: metrics)
    }
}

extension ServedDatabase {
    /// The same database, with every transaction of the features timed into `metrics`.
    func measured(by metrics: ServerMetrics) -> ServedDatabase {
        ServedDatabase(
            database: database.measured(by: metrics), secret: secret, hub: hub, botWakeups: botWakeups,
            botLeases: botLeases, readiness: readiness, services: services, prepare: prepare,
            isShared: isShared)
    }
}
