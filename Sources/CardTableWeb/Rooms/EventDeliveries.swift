import Foundation
import Synchronization

/// What one room socket sent its player, and when: so a claim made on it is judged against the
/// moment each card reached that player, not the moment it was dealt.
struct EventDeliveries: Sendable, Equatable {
    /// One write to the socket: every event up to `through` had gone out by `at`.
    struct Sent: Sendable, Equatable {
        let through: Int
        let at: Date
    }

    /// How long a write is remembered: well past any reaction time, after which an event counts
    /// from its deal again (by then it makes no difference).
    static let memory: TimeInterval = 5
    /// The most writes remembered, however quick; past it the oldest count from their deal.
    static let capacity = 256

    /// Events up to this one count from when they were dealt: the client held them when it
    /// connected (its `after`, or the snapshot it was sent), or they went out long ago.
    private(set) var heldThrough: Int
    /// The writes since, oldest first.
    private(set) var writes: [Sent] = []

    init(heldThrough: Int = 0) {
        self.heldThrough = heldThrough
    }

    /// Counts every event up to `through` from when it was dealt.
    mutating func hold(through: Int) {
        heldThrough = max(heldThrough, through)
        writes.removeAll { $0.through <= heldThrough }
    }

    /// Notes that every event up to `through` went out at `moment` (noted before the write, so
    /// never later than the player could have had it), and forgets what is long past.
    mutating func record(through: Int, at moment: Date) {
        guard through > (writes.last?.through ?? heldThrough) else { return }
        writes.append(Sent(through: through, at: moment))
        let stale = writes.prefix { moment.timeIntervalSince($0.at) > Self.memory }.count
        let dropped = max(stale, writes.count - Self.capacity)
        if dropped > 0 {
            heldThrough = writes[dropped - 1].through
            writes.removeFirst(dropped)
        }
    }

    /// When event `event` went out on the socket: `.distantPast` for one that counts from its
    /// deal, nil for one not sent yet.
    func sentAt(event: Int) -> Date? {
        if event <= heldThrough { return .distantPast }
        return writes.first { $0.through >= event }?.at
    }
}

/// A socket's ``EventDeliveries``, written by the task that sends and read by the one that
/// referees what the client sends.
final class EventDeliveryLog: Sendable {
    private let deliveries: Mutex<EventDeliveries>

    /// A log in which events up to `heldThrough` count from their deal.
    init(heldThrough: Int = 0) {
        deliveries = Mutex(EventDeliveries(heldThrough: heldThrough))
    }

    /// Counts every event up to `through` from when it was dealt.
    func hold(through: Int) {
        deliveries.withLock { $0.hold(through: through) }
    }

    /// Notes that every event up to `through` went out at `moment`.
    func record(through: Int, at moment: Date) {
        deliveries.withLock { $0.record(through: through, at: moment) }
    }

    /// What was sent so far.
    var current: EventDeliveries { deliveries.withLock { $0 } }
}
