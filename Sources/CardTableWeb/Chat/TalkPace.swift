import CardTableBasics
import Foundation
import Synchronization

/// How often one player may talk: at most ``Rules/messages`` chat messages in any
/// ``Rules/window`` seconds, and as many reactions (counted apart), in all rooms together. A
/// message over the pace is refused with the wait until the oldest of the window leaves it; it
/// stores nothing. Kept in memory by each server instance, for at most ``Rules/capacity``
/// players (those who talked longest ago go first).
final class TalkPace: Sendable {
    struct Rules: Sendable, Equatable {
        var messages: Int
        var window: TimeInterval
        var capacity: Int

        /// A site's: 5 messages in 10 seconds.
        static let standard = Rules(messages: 5, window: 10, capacity: 10_000)
    }

    /// One player's chat, or their reactions.
    struct Talker: Hashable, Sendable {
        let player: PlayerID
        let isReaction: Bool
    }

    let rules: Rules
    /// When each talker's last messages (up to ``Rules/messages``) were let through, oldest first.
    private let sent = Mutex<[Talker: [Date]]>([:])

    init(_ rules: Rules = .standard) {
        precondition(rules.messages > 0 && rules.window > 0 && rules.capacity > 0)
        self.rules = rules
    }

    /// Counts a message of `talker` at `now` unless it is over the pace.
    /// - Returns: How many seconds they must wait, when they must; nil when it counted.
    func admit(_ talker: Talker, at now: Date) -> TimeInterval? {
        sent.withLock { sent in
            var times = sent[talker, default: []].filter { now.timeIntervalSince($0) < rules.window }
            if times.count >= rules.messages, let oldest = times.first {
                return rules.window - now.timeIntervalSince(oldest)
            }
            times.append(now)
            if sent[talker] == nil, sent.count >= rules.capacity { makeRoom(in: &sent) }
            sent[talker] = Array(times.suffix(rules.messages))
            return nil
        }
    }

    /// Forgets the talker who talked longest ago.
    private func makeRoom(in sent: inout [Talker: [Date]]) {
        guard
            let quietest = sent.min(by: { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) })
        else { return }
        sent[quietest.key] = nil
    }
}
