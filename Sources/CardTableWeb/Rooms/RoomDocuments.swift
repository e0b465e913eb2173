import CardTableBasics
import Synchronization

/// The rooms this process last read or wrote, each beside the JSON text it is stored as, so a
/// change that reads a room back as this instance saved it (every claim after the first, when a
/// room's members play on one instance) compares the text rather than decoding it again.
///
/// A pure memo of decoding: a room is returned only for the very text it was decoded from or
/// encoded to, so whatever another instance saved meanwhile is decoded afresh.
final class RoomDocuments: Sendable {
    /// The process's memo, shared by every database it opens (the text alone decides the room).
    static let shared = RoomDocuments(limit: 1_000)

    private struct Entry {
        let text: String
        let room: Room
    }

    /// How many rooms are kept; past it, one is forgotten for each new one.
    let limit: Int
    private let entries = Mutex<[RoomCode: Entry]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// The room stored as `text`: the kept one when `text` is the text it was kept with, else
    /// decoded (and kept).
    func room(_ code: RoomCode, storedAs text: String) throws -> Room {
        if let kept = entries.withLock({ $0[code] }), kept.text == text { return kept.room }
        let room = try JSONText.decode(Room.self, from: text)
        remember(room, storedAs: text)
        return room
    }

    /// The text `room` is stored as, kept beside it for the next read.
    func text(of room: Room) throws -> String {
        let text = try JSONText.encode(room)
        remember(room, storedAs: text)
        return text
    }

    func remember(_ room: Room, storedAs text: String) {
        entries.withLock { entries in
            if entries[room.code] == nil, entries.count >= limit, let forgotten = entries.keys.first {
                entries[forgotten] = nil
            }
            entries[room.code] = Entry(text: text, room: room)
        }
    }
}
