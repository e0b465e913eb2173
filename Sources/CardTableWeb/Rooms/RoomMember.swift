import CardTableBasics
import Foundation

/// Someone in a room: a player with a seat at the table, or a spectator waiting for the next game.
///
/// Members are known to each other by `number` (1 for the host, then in the order they joined);
/// the player id behind a member stays on the server.
struct RoomMember: Hashable, Sendable, Codable {
    /// The member's number in the room, 1 for the host; what events and pages name them by.
    let number: Int
    /// Whose browser this is. Never sent to anyone.
    let player: PlayerID
    var name: DisplayName
    /// Their place at the table in the current game, or `nil` while they watch.
    var seat: Int?
    /// Whether they left or dropped and did not come back in time: their turns are skipped and
    /// they do not count when the table votes to deal.
    var isAway = false
    /// Set on the member left behind when its player linked into another member's player
    /// (see ``Room/mergeMember(_:into:)``): one player holds one seat, so a rated game leaves it
    /// out. Nil otherwise.
    var isMergedAway: Bool?
    /// Set when the member is a computer opponent (issue 50); nil for a person.
    var bot: RoomBot?
    /// Set when the host removed the member (issue 51): they are away, cannot join again, and
    /// are left out of the room's members once no seat of theirs is on the table. Nil otherwise.
    var isRemoved: Bool?

    /// Whether the host removed them.
    var wasRemoved: Bool { isRemoved == true }
}
