/// A chat message as a room page lists it, read from its event.
struct ChatLine: Decodable, Equatable, Sendable {
    /// The number of its event in the room's log.
    let number: Int
    /// Who sent it.
    let member: Int?
    /// Their name when they sent it.
    let name: String?
    let text: String
}
