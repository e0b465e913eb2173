import PostgresNIO
import Synchronization

/// The statements this process prepares on its PostgreSQL connections, so that a statement sent
/// again and again is parsed and planned once per connection rather than every time.
///
/// A statement is sent unnamed until it has been seen ``usesBeforePreparing`` times; then it takes
/// one of ``capacity`` slots for good (a slot is a type, ``PreparedSlot``, so postgres-nio prepares
/// it on each connection the first time it is used there and executes it by name after that).
/// Once the slots are taken, newer statements stay unnamed: statements built with a varying
/// number of values, or run once at start-up, cannot crowd the hot ones out before they are seen
/// enough.
final class PreparedStatements: Sendable {
    /// What a slot holds: a statement's text and the kinds of its values (a value's kind decides
    /// the type PostgreSQL is told of when the statement is prepared).
    struct Statement: Hashable, Sendable {
        let text: String
        let valueKinds: [SQLValue.Kind]
    }

    /// How many slots there are.
    static let capacity = PreparedSlotDigits.all.count * PreparedSlotDigits.all.count
    /// How many times a statement is sent unnamed before it is prepared.
    static let usesBeforePreparing = 3
    /// How many statements not yet prepared are counted at once; past that the count starts over.
    static let candidateLimit = 4_096

    /// The one catalogue of the process: slots are types, shared by every database it opens.
    static let shared = PreparedStatements()

    private struct State {
        var slots: [Statement] = []
        var slotOfStatement: [Statement: Int] = [:]
        var uses: [Statement: Int] = [:]
        /// Bumped when PostgreSQL refuses a prepared statement whose tables changed shape, so that
        /// every slot is prepared afresh under a new name.
        var generation = 0
    }

    private let state = Mutex(State())

    /// The slot `statement` runs in, or nil while it is sent unnamed.
    func slot(for statement: Statement) -> Int? {
        state.withLock { state in
            if let slot = state.slotOfStatement[statement] { return slot }
            guard state.slots.count < Self.capacity else { return nil }
            let uses = state.uses[statement, default: 0] + 1
            guard uses >= Self.usesBeforePreparing else {
                if state.uses.count >= Self.candidateLimit { state.uses.removeAll(keepingCapacity: true) }
                state.uses[statement] = uses
                return nil
            }
            state.uses[statement] = nil
            state.slots.append(statement)
            state.slotOfStatement[statement] = state.slots.count - 1
            return state.slots.count - 1
        }
    }

    /// The statement in `slot`.
    func statement(in slot: Int) -> Statement {
        state.withLock { $0.slots[slot] }
    }

    /// The name `slot` is prepared under on a connection.
    func name(of slot: Int) -> String {
        state.withLock { "cardtable_\($0.generation)_\(slot)" }
    }

    /// How many times every slot was prepared afresh (see ``startAfresh(unlessSince:)``).
    var generation: Int {
        state.withLock { $0.generation }
    }

    /// Prepares every slot afresh under a new name, unless that was done since `generation`:
    /// PostgreSQL refuses to run a prepared statement whose result changed shape (a migration
    /// added a column to a table it reads with `*`), and every statement that ran into it at
    /// once asks, but once is enough.
    func startAfresh(unlessSince generation: Int) {
        state.withLock { state in
            if state.generation == generation { state.generation += 1 }
        }
    }

    /// Whether `error` is PostgreSQL refusing a prepared statement whose tables changed shape
    /// ("cached plan must not change result type", told by the routine that raises it, whose
    /// name no server translates), which runs again once prepared afresh.
    static func isStale(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server else { return false }
        return error.serverInfo?[.sqlState] == "0A000"
            && error.serverInfo?[.routine] == "RevalidateCachedQuery"
    }
}

extension SQLValue {
    /// A value's kind: which PostgreSQL type it is bound as.
    enum Kind: UInt8, Hashable, Sendable {
        case null, integer, real, text, bool, date
    }

    var kind: Kind {
        switch self {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .bool: .bool
        case .date: .date
        }
    }
}
