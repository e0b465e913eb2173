import Foundation

/// A room as stored: its state and the number of its last event.
struct StoredRoom: Sendable {
    var room: Room
    var lastEvent: Int
    /// When the room was closed for want of players; its events stay readable.
    var closedAt: Date?

    /// Numbers `happenings` as the log's next events, each carrying the room's view after all
    /// of them, and counts them in ``lastEvent``.
    mutating func append(_ happenings: [RoomHappening]) -> [RoomEvent] {
        let view = RoomView(room)
        return happenings.map { happening in
            lastEvent += 1
            return RoomEvent(
                number: lastEvent, game: room.gameNumber, kind: happening.kind, text: happening.text,
                member: happening.member, cards: happening.cards, view: view, name: happening.name)
        }
    }
}
