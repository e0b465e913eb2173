import NIOCore
import NIOPosix
import Synchronization

/// Gives up work that waits too long for a connection: one timer, running only while work is
/// watched, checks every waiting piece of work, instead of a timer scheduled and cancelled per
/// piece (each of those woke an event loop from another thread, twice a move).
///
/// A piece of work is given up between its deadline and one ``interval`` later. The timer stops
/// at the first check that leaves nothing watched, and the next piece of work starts it again.
final class LeaseWatch: Sendable {
    /// How often the watch looks for work past its deadline while any is watched.
    let interval: Duration
    private let watched: Watched

    private final class Watched: Sendable {
        let state = Mutex(State())
        let interval: TimeAmount
        let loop: any EventLoop

        init(interval: TimeAmount, loop: any EventLoop) {
            self.interval = interval
            self.loop = loop
        }

        /// Takes the overdue work out of the watch, to be given up. At the timer's check, the
        /// timer stops when that leaves nothing watched: decided before any work is given up,
        /// so whoever a give-up wakes finds it stopped.
        func takeOverdue(
            at now: NIODeadline, checking: Bool
        ) -> (overdue: [@Sendable () -> Void], ticking: Bool) {
            state.withLock { state in
                let tickets = state.waiting.filter { $0.value.deadline <= now }.keys
                let overdue = tickets.compactMap { state.waiting.removeValue(forKey: $0)?.giveUp }
                if checking, state.waiting.isEmpty || state.stopped { state.ticking = false }
                return (overdue, state.ticking)
            }
        }

        /// One check of the timer's, then the next, unless the check stopped it.
        func tick() {
            let (overdue, ticking) = takeOverdue(at: .now(), checking: true)
            for giveUp in overdue { giveUp() }
            if ticking { scheduleTick() }
        }

        func scheduleTick() {
            loop.scheduleTask(in: interval) { [self] in tick() }
        }
    }

    private struct State {
        var nextTicket = 0
        var waiting: [Int: Waiting] = [:]
        /// Whether a check is scheduled.
        var ticking = false
        var stopped = false
    }

    private struct Waiting {
        let deadline: NIODeadline
        let giveUp: @Sendable () -> Void
    }

    /// A piece of work being watched, to ``forget(_:)`` once it ends.
    struct Ticket {
        fileprivate let number: Int
    }

    /// A watch that checks every `interval`, on one of NIO's shared event loops, while it watches
    /// any work.
    init(checkingEvery interval: Duration) {
        self.interval = interval
        watched = Watched(interval: TimeAmount(interval), loop: MultiThreadedEventLoopGroup.singleton.any())
    }

    /// Calls `giveUp` once `deadline` has passed, unless the work is forgotten first.
    func watch(until deadline: NIODeadline, giveUp: @escaping @Sendable () -> Void) -> Ticket {
        let (ticket, starts) = watched.state.withLock { state in
            let number = state.nextTicket
            state.nextTicket += 1
            state.waiting[number] = Waiting(deadline: deadline, giveUp: giveUp)
            let starts = !state.ticking && !state.stopped
            if starts { state.ticking = true }
            return (Ticket(number: number), starts)
        }
        if starts { watched.scheduleTick() }
        return ticket
    }

    /// Stops watching the work `ticket` stands for. Its `giveUp` may still run if a check has
    /// just found it overdue.
    func forget(_ ticket: Ticket) {
        _ = watched.state.withLock { $0.waiting.removeValue(forKey: ticket.number) }
    }

    /// Stops the timer at its next check; work watched after this is never given up.
    func stop() {
        watched.state.withLock { $0.stopped = true }
    }

    /// How many pieces of work are watched now.
    var count: Int { watched.state.withLock { $0.waiting.count } }

    /// Whether a check is scheduled.
    var isTicking: Bool { watched.state.withLock { $0.ticking } }

    /// Gives up, and stops watching, every piece of work whose deadline is `now` or earlier, as
    /// each of the timer's checks does (but leaves the timer as it is).
    func giveUpOverdue(at now: NIODeadline) {
        for giveUp in watched.takeOverdue(at: now, checking: false).overdue { giveUp() }
    }
}
