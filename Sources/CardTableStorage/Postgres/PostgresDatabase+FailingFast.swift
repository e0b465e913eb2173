import NIOCore
import Synchronization

extension PostgresDatabase {
    /// Runs `work`, which leases a connection and calls ``LeaseDeadline/begin()`` once it has
    /// one, unless the breaker refuses it; gives it up when it has no connection within
    /// ``leaseTimeout`` (at most one ``LeaseWatch/interval`` later). A failure to reach the
    /// database opens the breaker, and so does giving up when nothing else got an answer
    /// meanwhile; any answer closes it.
    /// - Throws: ``DatabaseUnavailable`` when refused, given up or unreachable; else `work`'s error.
    func failingFast<Value: Sendable>(
        _ work: @escaping @Sendable (LeaseDeadline) async throws -> Value
    ) async throws -> Value {
        guard let admission = breaker.admits(at: .now) else {
            throw DatabaseUnavailable(underlying: CircuitBreaker.Open())
        }
        let deadline = LeaseDeadline()
        let started = ContinuousClock.now
        do {
            // NB: the work in a task of its own, which the lease watch cancels at the deadline.
            let task = Task { try await work(deadline) }
            let ticket = leaseWatch.watch(until: .now() + TimeAmount(leaseTimeout)) {
                if deadline.expire() { task.cancel() }
            }
            defer { leaseWatch.forget(ticket) }
            let value = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
            breaker.succeeded(at: .now)
            return value
        } catch  where deadline.hasExpired {
            // NB: whichever error surfaced first, the work had no connection in time.
            breaker.gaveUpWaiting(at: .now, since: started)
            throw DatabaseUnavailable(underlying: LeaseDeadline.NoConnectionInTime())
        } catch let error as DatabaseUnavailable where error.underlying is StatementDeadlinePassed {
            // NB: a statement unanswered while others were answered met a slow statement or a
            // lock, not a silent database: that one request gets its 503, not everyone.
            breaker.gaveUpWaiting(at: .now, since: started)
            throw error
        } catch let error as DatabaseUnavailable where ServerTimeouts.cancelledStatement(error.underlying) {
            breaker.succeeded(at: .now)  // PostgreSQL answered: it cancelled a statement that waited too long
            throw error
        } catch let error as DatabaseUnavailable {
            breaker.failed(at: .now)
            throw error
        } catch let cancelled as CancellationError {
            breaker.abandoned(admission, at: .now)  // the caller went away
            throw cancelled
        } catch {
            breaker.succeeded(at: .now)  // the database answered: it refused a statement, or the work failed
            throw error
        }
    }
}

/// The moment by which a piece of work must have its connection: whichever comes first of the
/// work beginning on its connection and the deadline passing wins, once.
final class LeaseDeadline: Sendable {
    private let state = Mutex(State.waiting)

    private enum State {
        case waiting, begun, expired
    }

    /// Called by the work once it has its connection.
    /// - Throws: `CancellationError` when the deadline passed first (the work is given up).
    package func begin() throws {
        let begun = state.withLock { state in
            guard case .waiting = state else { return false }
            state = .begun
            return true
        }
        if !begun { throw CancellationError() }
    }

    /// Whether the work had its connection before the deadline.
    var hasBegun: Bool {
        state.withLock { if case .begun = $0 { true } else { false } }
    }

    /// Whether the deadline passed before the work had its connection.
    var hasExpired: Bool {
        state.withLock { if case .expired = $0 { true } else { false } }
    }

    /// Called when the deadline passes; whether the work had no connection yet (and is given up).
    func expire() -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .expired
            return true
        }
    }

    /// What work that had no connection in time is given up with.
    struct NoConnectionInTime: Error, CustomStringConvertible {
        package var description: String { "no connection to PostgreSQL could be had in time" }
    }
}
