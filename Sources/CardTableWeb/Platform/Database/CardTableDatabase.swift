/// A database CardTable keeps everything in, SQLite or PostgreSQL, as the features' storage code
/// sees it: a read on one snapshot, and a write transaction, each handed a
/// ``DatabaseTransaction`` that runs the same ``SQL`` on either.
///
/// A write is serialised with the other writes to the rows it locks: SQLite has one writer, so
/// every write transaction waits for the one before; on PostgreSQL a transaction locks the rows
/// it reads with ``SQL/forUpdate``.
protocol CardTableDatabase: Sendable {
    associatedtype Transaction: DatabaseTransaction

    /// Runs `body` on one consistent snapshot, without writing.
    func read<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value

    /// Runs `body` in one transaction: everything it changes is committed together before this
    /// returns, or nothing is when it throws.
    func write<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value
}

extension SQLiteDatabase: CardTableDatabase {}

extension PostgresDatabase: CardTableDatabase {}
