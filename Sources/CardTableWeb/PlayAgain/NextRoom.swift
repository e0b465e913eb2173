import Foundation

/// The room a member made for the players of a finished game, as the old room keeps it: its code
/// and its host's member number in the old room.
struct NextRoom: Hashable, Sendable, Codable {
    let code: RoomCode
    let member: Int
}
