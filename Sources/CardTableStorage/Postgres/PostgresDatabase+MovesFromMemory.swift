import PostgresNIO
import Synchronization

extension PostgresDatabase {
    /// Runs `body` as a move on this task, with no connection: when all it asks of PostgreSQL is
    /// its save (it starts from what this instance saved last, ``savedRows``), the save is held
    /// (``HeldSave``) and then sent on a leased connection, awaited rather than waited for, so
    /// no thread of ``blockingThreads`` is woken; with the saves of other moves that finish
    /// meanwhile, when there are any (``saveQueue``). Every optimistic run of a move tries this
    /// first; a body may run more than once for one move anyway (see ``move(_:)``), so it costs
    /// only the time to its first read when it needs one.
    /// - Returns: What `body` answered once its save is made; nil when it asked for anything
    ///   else (a row not kept, a statement besides its one save), so the move runs on a connection.
    /// - Throws: `body`'s error; ``ChangedMeanwhile`` when the save found its row changed.
    func movedFromMemory<Value: Sendable>(_ body: @Sendable (PostgresTransaction) throws -> Value)
        async throws -> Value?
    {
        let held = HeldSave()
        let transaction = PostgresTransaction(
            destination: .holding(held), canWrite: false, damage: DamageLog(), deadline: statementDeadline,
            logger: logger, savedRows: savedRows)
        let value: Value
        do {
            value = try body(transaction)
        } catch {
            // NB: whatever the body made of the refusal (it may have caught it), it ran without
            // the rows it asked for.
            if held.state.refused { return nil }
            throw error
        }
        let state = held.state
        guard !state.refused else { return nil }
        guard let save = state.save else { return value }
        let made = try await saveQueue.send(save) { saves in try await sendTogether(saves) }
        try save.conclude(answer: made, keepingIn: savedRows)
        movesFromMemory.add(1, ordering: .relaxed)
        return value
    }
}

/// The save of a move run with no connection (see ``PostgresDatabase/movedFromMemory(_:)``),
/// held until the move has run, and whether the move asked for anything else, which it cannot
/// have there.
package final class HeldSave: Sendable {
    struct State {
        var save: MoveSave?
        var refused = false
    }

    private let mutex = Mutex(State())

    var state: State { mutex.withLock { $0 } }

    /// Holds `save`, the move's one save.
    /// - Throws: ``MoveNeedsConnection`` when it is not the first.
    func hold(_ save: MoveSave) throws {
        let held = mutex.withLock { state in
            guard state.save == nil else {
                state.refused = true
                return false
            }
            state.save = save
            return true
        }
        if !held { throw MoveNeedsConnection() }
    }

    /// Notes that the move asked for a statement, which it cannot have here.
    func refuse() -> MoveNeedsConnection {
        mutex.withLock { $0.refused = true }
        return MoveNeedsConnection()
    }
}

/// A move run with no connection asked PostgreSQL for something besides its one save: it runs
/// again on a connection.
package struct MoveNeedsConnection: Error, CustomStringConvertible {
    package var description: String { "the move reads rows this instance does not keep" }
}
