/// The messages a room sends its members, over its WebSocket or from `GET …/events`: each of
/// its events (`"type": "event"`, see ``RoomEvent``), a snapshot of the room when a client is
/// new or too far behind, and an error that answers only the sender.
enum RoomMessage {
    /// The room as it is now: the first message on a socket, and the answer to a client too far
    /// behind to be sent each event.
    struct Snapshot: Encodable {
        let type = "snapshot"
        /// The number of the room's last event; the next event is one more.
        let lastEvent: Int
        /// The member the receiver is, if they joined.
        let you: Int?
        let view: RoomView
    }

    /// A request the room turned down, or a message it could not read; the connection stays.
    struct Failure: Encodable {
        let type = "error"
        let message: String
    }

    /// A JSON array of messages from their JSON texts, for `GET …/events`.
    static func list(_ messages: [String]) -> String {
        "[" + messages.joined(separator: ",") + "]"
    }
}
