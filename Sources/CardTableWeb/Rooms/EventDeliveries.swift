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

    /// The most writes remembered; older ones count as having reached the player when dealt.
    static let remembered = 32

    /// Events up to this one had reached the player before the socket opened (its client said it
    /// applied them), or went out so long ago that they are forgotten.
    private(set) var knownBefore: Int
    /// The writes since, oldest first.
    private(set) var writes: [Sent] = []

    init(knownBefore: Int = 0) {
        self.knownBefore = knownBefore
    }

    /// Notes that every event up to `through` went out at `moment`.
    mutating func record(through: Int, at moment: Date) {
        guard through > (writes.last?.through ?? knownBefore) else { return }
        writes.append(Sent(through: through, at: moment))
        if writes.count > Self.remembered {
            knownBefore = writes.removeFirst().through
        }
    }

    /// When event `event` went out on the socket: `.distantPast` for one that reached the player
    /// before it opened (or long ago), nil for one not sent yet.
    func sentAt(event: Int) -> Date? {
        if event <= knownBefore { return .distantPast }
        return writes.first { $0.through >= event }?.at
    }
}

/// A socket's ``EventDeliveries``, written by the task that sends and read by the one that
/// referees what the client sends.
final class EventDeliveryLog: Sendable {
    private let deliveries: Mutex<EventDeliveries>

    init(knownBefore: Int = 0) {
        deliveries = Mutex(EventDeliveries(knownBefore: knownBefore))
    }

    /// Notes that every event up to `through` went out at `moment`.
    func record(through: Int, at moment: Date) {
        deliveries.withLock { $0.record(through: through, at: moment) }
    }

    /// What was sent so far.
    var current: EventDeliveries { deliveries.withLock { $0 } }
}
