import RatingCore

/// What a rated room game did to one seated player's rating, as its results show it: the
/// rating before and after, in whole points, and whether the new one is still provisional.
/// Kept in the room until its next game starts.
struct RoomRatingChange: Codable, Equatable, Sendable {
    /// The member's number in the room.
    let member: Int
    let before: Int
    let after: Int
    let isProvisional: Bool
    /// Whether the member had left the game when it ended (so it counted them last); nil when
    /// they had not.
    let left: Bool?

    init(member: Int, before: Rating, after: Rating, left: Bool) {
        self.member = member
        self.left = left ? true : nil
        self.before = Int(before.rating.rounded())
        self.after = Int(after.rating.rounded())
        isProvisional = after.isProvisional
    }

    /// The change in points, as shown: "+14", "−9", "±0".
    var changeText: String {
        let change = after - before
        return change > 0 ? "+\(change)" : change < 0 ? "−\(-change)" : "±0"
    }

    /// The new rating, "1514", or "1514?" while provisional.
    var ratingText: String { "\(after)\(isProvisional ? "?" : "")" }

    enum CodingKeys: String, CodingKey {
        case member, before, after, left
        case isProvisional = "provisional"
    }
}
