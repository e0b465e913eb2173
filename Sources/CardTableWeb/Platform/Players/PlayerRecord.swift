import Foundation
import GRDB

/// A row of the `player` table: one browser.
struct PlayerRecord: Codable, Equatable {
    var id: String
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id
        case createdAt = "created_at"
    }
}

extension PlayerRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "player"
}
