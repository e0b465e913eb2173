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
}
