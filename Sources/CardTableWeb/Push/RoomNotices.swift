import CardTableBasics
import Foundation
import Synchronization

/// The notifications a change of a room calls for, sent in the background as the change is
/// published: *a room you are in started* to each person seated who has no page of the room
/// open here, and, in a room played a turn a day, *your turn* to the person whose turn it now
/// is, unless they have one open.
///
/// Whether a page is open is known from this instance's sockets; a room's sockets are on the
/// instance that changes it where rooms stay on one instance.
struct RoomNotices: Sendable {
    let notifier: PushNotifier
    let hub: RoomHub
    /// The sends under way, so tests can wait for them.
    let sends = BackgroundSends()

    /// Sends, in the background, what the change `answer` calls for.
    func roomChanged(_ answer: RoomReferee.Answer) {
        let kinds = Set(answer.happenings.map(\.kind))
        let started = kinds.contains(.started)
        let turnMayHaveChanged = !kinds.isDisjoint(with: [.mismatched, .turnMissed, .forfeited, .turnPassed])
        guard started || (answer.room.pace == .daily && turnMayHaveChanged) else { return }
        sends.run { [notifier, hub] in
            for (player, notice, key) in Self.notices(for: answer) {
                guard await !hub.isConnected(player, to: answer.room.code) else { continue }
                await notifier.notify(player, notice, once: key)
            }
        }
    }

    /// Each notice `answer` calls for, its player, and the key that sends it once.
    static func notices(for answer: RoomReferee.Answer) -> [(PlayerID, PushNotice, String)] {
        let room = answer.room
        guard room.phase == .playing else { return [] }
        let code = room.code
        let url = RoomRoute.page(code).path
        let tag = "room-\(code.rawValue)"
        let words = answer.happenings.filter { !$0.isTalk }.map(\.text).joined(separator: " ")
        let toPlay = room.pace == .daily ? room.memberToPlay.flatMap { $0.bot == nil ? $0 : nil } : nil
        var notices: [(PlayerID, PushNotice, String)] = []
        if let start = answer.happenings.first(where: { $0.kind == .started }) {
            for member in room.members
            where member.seat != nil && member.bot == nil && !member.wasRemoved
                && member.number != start.member
            {
                let isTurn = member.number == toPlay?.number
                let notice = PushNotice(
                    kind: isTurn ? .yourTurn : .roomStarted,
                    title: isTurn ? "Your turn in room \(code)" : "Room \(code) started",
                    body: Self.line(room, words + (isTurn ? " You play first." : "")), url: url, tag: tag)
                notices.append(
                    (
                        member.player, notice,
                        "\(notice.kind.rawValue):\(code.rawValue):\(answer.lastEvent):\(member.player)"
                    ))
            }
            return notices
        }
        if let toPlay {
            let notice = PushNotice(
                kind: .yourTurn, title: "Your turn in room \(code)", body: Self.line(room, words), url: url,
                tag: tag)
            notices.append(
                (toPlay.player, notice, "yourTurn:\(code.rawValue):\(answer.lastEvent):\(toPlay.player)"))
        }
        return notices
    }

    /// "Memorize · Animals: Bo turned up 🦊: no match. Ana's turn.", at most 200 characters.
    private static func line(_ room: Room, _ words: String) -> String {
        let line = "\(room.gameTitle): \(words)"
        return line.count <= 200 ? line : String(line.prefix(199)) + "…"
    }
}

/// Work started in the background whose end can be awaited: ``settled()`` returns once
/// everything started before it has ended.
final class BackgroundSends: Sendable {
    private let running = Mutex<[Int: Task<Void, Never>]>([:])
    private let counter = Atomic<Int>(0)

    /// Starts `work` in a task of its own.
    func run(_ work: @escaping @Sendable () async -> Void) {
        let id = counter.add(1, ordering: .relaxed).newValue
        running.withLock { tasks in
            tasks[id] = Task { [weak self] in
                await work()
                _ = self?.running.withLock { $0.removeValue(forKey: id) }
            }
        }
    }

    /// Waits for the work started so far.
    func settled() async {
        for task in running.withLock({ Array($0.values) }) { await task.value }
    }
}
