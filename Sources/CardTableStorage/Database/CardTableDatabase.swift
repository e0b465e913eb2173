/// A database CardTable keeps everything in, SQLite or PostgreSQL, as the features' storage code
/// sees it: a read on one snapshot, a write transaction, and a move (a read, then a save made
/// only if what was read is unchanged), each handed a ``DatabaseTransaction`` that runs the same
/// ``SQL`` on either.
///
/// A write is serialised with the other writes to the rows it locks: SQLite has one writer, so
/// every write transaction waits for the one before; on PostgreSQL a transaction locks the rows
/// it reads with ``SQL/forUpdate``. A move's save is refused when its row was changed since the
/// move read it, and the move runs again (see ``move(_:)``).
package protocol CardTableDatabase: Sendable {
    associatedtype Transaction: DatabaseTransaction

    /// Runs `body` on one consistent snapshot, without writing.
    func read<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value

    /// Runs `body` in one transaction: everything it changes is committed together before this
    /// returns, or nothing is when it throws.
    func write<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value

    /// Runs `body` as one move (a tap, a select, a room's change): it reads what the move
    /// starts from, then saves it with
    /// ``DatabaseTransaction/saveUnlessChanged(_:key:since:storing:at:with:notifying:while:remembering:)``, which
    /// makes the save only if the row it changes is still as it was read. SQLite runs the move
    /// in one write transaction (its single writer runs it alone, so the save is always made).
    /// PostgreSQL runs it without `BEGIN` and `COMMIT`, each statement committing alone (its
    /// reads, then one save: two round trips, or the save alone when the move starts from what
    /// this instance saved last, see ``SavedRows``), and runs `body` again when the save finds
    /// its row changed by another move. So the changes of one row are applied one after
    /// another, whichever instance takes each, and a row deleted or moved meanwhile is not
    /// brought back. A row found damaged sends the move to a write transaction, which sets it
    /// aside.
    ///
    /// The save must be the last thing `body` asks of the transaction, and nothing after it may
    /// count on it being made: on PostgreSQL a move that starts from what this instance saved
    /// last runs first with no connection, its save held and sent once `body` has returned
    /// (and `body` runs again if the row had changed).
    func move<Value: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> Value) async throws
        -> Value
}

extension SQLiteDatabase: CardTableDatabase {}

extension PostgresDatabase: CardTableDatabase {}
