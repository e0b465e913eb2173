import Foundation
import GRDB
import MemorizeCore

/// A row of the `theme` table. Lists and the color are JSON text; ``theme`` maps the row to
/// the engine's ``Theme`` so the engine never sees the database.
struct ThemeRecord: Codable, Equatable {
    var id: Int64?
    var playerID: String
    var position: Int
    var name: String
    var emojis: String
    var removedEmojis: String
    var numberOfPairs: Int
    var color: String
    var isDeleted: Bool

    enum CodingKeys: String, CodingKey {
        case id
        case playerID = "player_id"
        case position
        case name
        case emojis
        case removedEmojis = "removed_emojis"
        case numberOfPairs = "number_of_pairs"
        case color
        case isDeleted = "is_deleted"
    }

    /// A new row for `theme`.
    init(_ theme: Theme, player: PlayerID, position: Int) throws {
        self.id = nil
        self.playerID = player.rawValue
        self.position = position
        self.name = ""
        self.emojis = "[]"
        self.removedEmojis = "[]"
        self.numberOfPairs = 0
        self.color = "\"gray\""
        self.isDeleted = false
        try update(from: theme)
    }

    /// Copies `theme`'s fields into the row.
    mutating func update(from theme: Theme) throws {
        name = theme.name
        emojis = try JSONText.encode(theme.emojis)
        removedEmojis = try JSONText.encode(theme.removedEmojis)
        numberOfPairs = theme.numberOfPairs
        color = try JSONText.encode(theme.color)
    }

    /// The row as the engine's theme, with its id.
    func savedTheme() throws -> SavedTheme {
        guard let id else { throw DatabaseError(message: "A theme row without an id") }
        let theme = Theme(
            name: name,
            emojis: try JSONText.decode([String].self, from: emojis),
            numberOfPairs: numberOfPairs,
            color: try JSONText.decode(ThemeColor.self, from: color),
            removedEmojis: try JSONText.decode([String].self, from: removedEmojis))
        return SavedTheme(id: ThemeID(id), theme: theme)
    }
}

extension ThemeRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "theme"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let playerID = Column(CodingKeys.playerID)
        static let position = Column(CodingKeys.position)
        static let isDeleted = Column(CodingKeys.isDeleted)
    }
}
