import Foundation
import GRDB

/// A row of the `player` table: one browser that has made a move.
struct PlayerRecord: Codable, Equatable {
    var id: String
    var createdAt: Date
    /// The last visit noted (at most one a day); `nil` for players from before visits were noted.
    var lastSeenAt: Date?
    /// Whether the player has their own copies of the themes; until they change their list they
    /// see the shared built-in themes.
    var ownsThemes: Bool
    /// Whether the player's cookie was issued before cookies were signed (it is signed on their
    /// next visit).
    var unsignedCookie: Bool

    enum CodingKeys: String, CodingKey {
        case id
        case createdAt = "created_at"
        case lastSeenAt = "last_seen_at"
        case ownsThemes = "owns_themes"
        case unsignedCookie = "unsigned_cookie"
    }

    enum Columns {
        static let lastSeenAt = Column(CodingKeys.lastSeenAt)
        static let ownsThemes = Column(CodingKeys.ownsThemes)
        static let unsignedCookie = Column(CodingKeys.unsignedCookie)
    }
}

extension PlayerRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "player"
}
