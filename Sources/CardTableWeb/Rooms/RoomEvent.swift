import CardTableBasics

/// One numbered entry of a room's event log, as stored and as sent to every member: what
/// happened, and what everyone may see once it had (so applying the latest event is enough to
/// catch up).
struct RoomEvent: Codable, Equatable, Sendable {
    /// Always `event`, so a client tells events from the other ``RoomMessage``s.
    var type = "event"
    /// 1 for the room's first event, then one more for each.
    let number: Int
    /// The game it belongs to (0 in the lobby), for replays.
    let game: Int
    let kind: RoomHappening.Kind
    /// What happened, in words with the members' names (pages show it as text).
    let text: String
    /// The member who did it, if a member did.
    let member: Int?
    /// The cards it concerns: Set cards by number, Memorize cards by id.
    let cards: [Int]
    let view: RoomView
    /// For a chat message or a reaction, its sender's name when they sent it; absent otherwise.
    var name: String? = nil
}

extension RoomEvent {
    /// Checks that `body`, an event's JSON as stored, reads as an event, before it is sent to
    /// members or read for a page: a body that does not is set aside by the load that meets it.
    /// - Throws: Why it does not read.
    static func checkStored(_ body: String) throws {
        let key = ExactText(body)
        guard readableBodies.remembered(for: key) == nil else { return }
        _ = try JSONText.decode(RoomEvent.self, from: body)
        readableBodies.remember(true, for: key)
    }

    /// Notes that `body` is an event's JSON as just written, so reading it back decodes nothing.
    static func rememberStored(_ body: String) {
        readableBodies.remember(true, for: ExactText(body))
    }

    /// Bodies read or written lately that are known to read as events: every member's socket
    /// reads each new event, and a page its last few.
    private static let readableBodies = Memo<ExactText, Bool>(capacity: 1024)
}
