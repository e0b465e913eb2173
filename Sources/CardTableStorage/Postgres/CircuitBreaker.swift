import Synchronization

/// Stops sending work to a database that cannot be reached, so that players are told at once
/// (503) rather than each waiting for a connection that will not come, and lets one piece of work
/// through now and then to find out whether it is back.
///
/// Closed, everything goes through. A failure to reach the database opens it for ``cooldown``:
/// nothing goes through. After that one caller is let through as a probe while the others are
/// still refused; its success closes the breaker, its failure opens it again. Work that waited
/// too long for a connection opens it only when nothing got an answer meanwhile: otherwise the
/// database is up and merely busy, and refusing everyone would make that worse.
final class CircuitBreaker: Sendable {
    /// Whether work may go to the database now.
    package enum State: Equatable {
        case closed
        case open(until: ContinuousClock.Instant)
        /// One caller is finding out whether the database is back.
        case probing
    }

    /// How long the breaker stays open after a failure before it lets a probe through.
    let cooldown: Duration
    private let state = Mutex(State.closed)
    /// When the database last answered.
    private let lastAnswer = Mutex<ContinuousClock.Instant?>(nil)

    init(cooldown: Duration) {
        self.cooldown = cooldown
    }

    package var current: State { state.withLock { $0 } }

    /// How a caller was let through.
    enum Admission: Equatable {
        case closed
        /// The one caller finding out whether the database is back.
        case probe
    }

    /// Whether a caller may go to the database at `now` (nil: refused); a caller let through
    /// reports back with ``succeeded(at:)``, ``failed(at:)``, ``gaveUpWaiting(at:since:)`` or,
    /// cancelled before the database said anything, ``abandoned(_:at:)``.
    func admits(at now: ContinuousClock.Instant) -> Admission? {
        state.withLock { state in
            switch state {
            case .closed: return .closed
            case .probing: return nil
            case .open(let until):
                guard now >= until else { return nil }
                state = .probing
                return .probe
            }
        }
    }

    /// A caller let through went away before it learned anything: a probe's turn passes on.
    func abandoned(_ admission: Admission, at now: ContinuousClock.Instant) {
        guard admission == .probe else { return }
        state.withLock { if $0 == .probing { $0 = .open(until: now) } }
    }

    /// The database answered at `now` (whatever it said).
    func succeeded(at now: ContinuousClock.Instant) {
        lastAnswer.withLock { $0 = max($0 ?? now, now) }
        state.withLock { $0 = .closed }
    }

    /// Work that began waiting for a connection at `start` had none by `now`: the database is
    /// unreachable unless it answered someone else meanwhile.
    func gaveUpWaiting(at now: ContinuousClock.Instant, since start: ContinuousClock.Instant) {
        // NB: an answer since `start` has closed the breaker already.
        if let answered = lastAnswer.withLock({ $0 }), answered >= start { return }
        failed(at: now)
    }

    /// The database could not be reached at `now`.
    func failed(at now: ContinuousClock.Instant) {
        state.withLock { $0 = .open(until: now + cooldown) }
    }

    /// What a refused caller is told.
    struct Open: Error, CustomStringConvertible {
        package var description: String {
            "the database could not be reached a moment ago; not trying again yet"
        }
    }
}
