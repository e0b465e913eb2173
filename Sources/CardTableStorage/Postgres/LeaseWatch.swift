import NIOCore
import NIOPosix
import Synchronization

/// Gives up work that waits too long for a connection: one timer that repeats while the database
/// is open checks every waiting piece of work, instead of a timer scheduled and cancelled per
/// piece (each of those woke an event loop from another thread, twice a move).
///
/// A piece of work is given up between its deadline and one ``interval`` later.
final class LeaseWatch: Sendable {
    /// How often the watch looks for work past its deadline.
    let interval: Duration
    private let watched = Watched()
    private let timer: RepeatedTask

    private final class Watched: Sendable {
        let state = Mutex(State())

        func giveUpOverdue(at now: NIODeadline) {
            let overdue = state.withLock { state in
                let tickets = state.waiting.filter { $0.value.deadline <= now }.keys
                return tickets.compactMap { state.waiting.removeValue(forKey: $0)?.giveUp }
            }
            for giveUp in overdue { giveUp() }
        }
    }

    private struct State {
        var nextTicket = 0
        var waiting: [Int: Waiting] = [:]
    }

    private struct Waiting {
        let deadline: NIODeadline
        let giveUp: @Sendable () -> Void
    }

    /// A piece of work being watched, to ``forget(_:)`` once it ends.
    struct Ticket {
        fileprivate let number: Int
    }

    /// Starts the watch, checking every `interval` on one of NIO's shared event loops.
    init(checkingEvery interval: Duration) {
        self.interval = interval
        let watched = watched
        timer = MultiThreadedEventLoopGroup.singleton.any().scheduleRepeatedTask(
            initialDelay: TimeAmount(interval), delay: TimeAmount(interval)
        ) { _ in
            watched.giveUpOverdue(at: .now())
        }
    }

    deinit {
        timer.cancel()
    }

    /// Calls `giveUp` once `deadline` has passed, unless the work is forgotten first.
    func watch(until deadline: NIODeadline, giveUp: @escaping @Sendable () -> Void) -> Ticket {
        watched.state.withLock { state in
            let number = state.nextTicket
            state.nextTicket += 1
            state.waiting[number] = Waiting(deadline: deadline, giveUp: giveUp)
            return Ticket(number: number)
        }
    }

    /// Stops watching the work `ticket` stands for.
    func forget(_ ticket: Ticket) {
        _ = watched.state.withLock { $0.waiting.removeValue(forKey: ticket.number) }
    }

    /// Stops the timer: no work is given up after this.
    func stop() {
        timer.cancel()
    }

    /// How many pieces of work are watched now.
    var count: Int { watched.state.withLock { $0.waiting.count } }

    /// Gives up, and stops watching, every piece of work whose deadline is `now` or earlier: what
    /// the timer does each ``interval``.
    func giveUpOverdue(at now: NIODeadline) {
        watched.giveUpOverdue(at: now)
    }
}
