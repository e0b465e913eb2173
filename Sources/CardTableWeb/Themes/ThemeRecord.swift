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
    /// The shared built-in theme this row is a player's copy of; `nil` for the player's own
    /// themes and for copies made before built-ins were shared.
    var builtInID: Int64?

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
        case builtInID = "built_in_id"
    }

    /// A row as read from the database, column by column.
    init(
        id: Int64?, playerID: String, position: Int, name: String, emojis: String, removedEmojis: String,
        numberOfPairs: Int, color: String, isDeleted: Bool, builtInID: Int64?
    ) {
        self.id = id
        self.playerID = playerID
        self.position = position
        self.name = name
        self.emojis = emojis
        self.removedEmojis = removedEmojis
        self.numberOfPairs = numberOfPairs
        self.color = color
        self.isDeleted = isDeleted
        self.builtInID = builtInID
    }

    /// A new row for `theme`, owned by `owner` (a player id, or the shared themes' owner).
    init(_ theme: Theme, owner: String, position: Int, builtInID: Int64? = nil) throws {
        self.id = nil
        self.playerID = owner
        self.position = position
        self.name = ""
        self.emojis = "[]"
        self.removedEmojis = "[]"
        self.numberOfPairs = 0
        self.color = "\"gray\""
        self.isDeleted = false
        self.builtInID = builtInID
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
        return SavedTheme(
            id: ThemeID(id), theme: try Self.themes.value(for: ThemeText(self)) { try $0.theme() })
    }

    /// Themes made from their columns lately: every player of a built-in theme has the same ones.
    private static let themes = Memo<ThemeText, Theme>(capacity: 2048)
}

/// The columns a ``Theme`` is made from, exactly as stored.
private struct ThemeText: Hashable, Sendable {
    let name: ExactText
    let emojis: ExactText
    let removedEmojis: ExactText
    let numberOfPairs: Int
    let color: ExactText

    init(_ record: ThemeRecord) {
        name = ExactText(record.name)
        emojis = ExactText(record.emojis)
        removedEmojis = ExactText(record.removedEmojis)
        numberOfPairs = record.numberOfPairs
        color = ExactText(record.color)
    }

    func theme() throws -> Theme {
        Theme(
            name: name.text,
            emojis: try JSONText.decode([String].self, from: emojis.text),
            numberOfPairs: numberOfPairs,
            color: try JSONText.decode(ThemeColor.self, from: color.text),
            removedEmojis: try JSONText.decode([String].self, from: removedEmojis.text))
    }
}

extension ThemeRecord: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "theme"

    /// Reads the row column by column (much faster than `Decodable`); a value of the wrong kind
    /// throws, so a damaged row is still set aside (numbers exactly: rows of a list are read from
    /// a cursor, see ``Row/decodeExactly(_:forColumn:)``).
    init(row: Row) throws {
        id = try row.decodeExactly(forColumn: CodingKeys.id.rawValue)
        playerID = try row.decode(forColumn: CodingKeys.playerID.rawValue)
        position = try row.decodeExactly(forColumn: CodingKeys.position.rawValue)
        name = try row.decode(forColumn: CodingKeys.name.rawValue)
        emojis = try row.decode(forColumn: CodingKeys.emojis.rawValue)
        removedEmojis = try row.decode(forColumn: CodingKeys.removedEmojis.rawValue)
        numberOfPairs = try row.decodeExactly(forColumn: CodingKeys.numberOfPairs.rawValue)
        color = try row.decode(forColumn: CodingKeys.color.rawValue)
        isDeleted = try row.decodeExactly(forColumn: CodingKeys.isDeleted.rawValue)
        builtInID = try row.decodeExactly(forColumn: CodingKeys.builtInID.rawValue)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// A new row for `player`'s own copy of this shared built-in theme, at `position`.
    func copy(for player: PlayerID, at position: Int) -> ThemeRecord {
        var copy = self
        copy.id = nil
        copy.playerID = player.rawValue
        copy.position = position
        copy.builtInID = id
        return copy
    }

    /// Inserts the row with a new random id, so ids say nothing about how many themes exist or
    /// whose they are.
    mutating func insertWithRandomID(_ db: Database) throws {
        var candidate = ThemeID.random()
        while try Self.exists(db, key: candidate.rawValue) { candidate = ThemeID.random() }
        id = candidate.rawValue
        try insert(db)
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let playerID = Column(CodingKeys.playerID)
        static let position = Column(CodingKeys.position)
        static let isDeleted = Column(CodingKeys.isDeleted)
        static let builtInID = Column(CodingKeys.builtInID)
    }
}
