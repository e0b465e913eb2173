import CardTableBasics
import CardTableStorage
import Foundation
import MemorizeCore

/// A row of the `theme` table. Lists and the color are JSON text; ``theme`` maps the row to
/// the engine's ``Theme`` so the engine never sees the database.
struct ThemeRecord: Equatable {
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
        guard let id else { throw ThemeWithoutID() }
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

extension ThemeRecord {
    /// The columns ``init(_:)`` reads.
    static let columnNames = [
        "id", "player_id", "position", "name", "emojis", "removed_emojis", "number_of_pairs", "color",
        "is_deleted", "built_in_id",
    ]

    /// The ``columnNames`` of `table` (`theme`, or its alias in a join), each selected as `prefix` and
    /// its name, so that a ``PrefixedRow`` reads them as the row.
    static func columns(of table: String, selectedAs prefix: String) -> SQL {
        SQL(stringLiteral: columnNames.map { "\(table).\($0) AS \(prefix)\($0)" }.joined(separator: ", "))
    }

    /// Reads the row column by column; a value of the wrong kind throws, so a damaged row is set
    /// aside.
    init(_ row: any DatabaseRow) throws {
        try self.init(
            id: row("id"), playerID: row("player_id"), position: row("position"), name: row("name"),
            emojis: row("emojis"), removedEmojis: row("removed_emojis"),
            numberOfPairs: row("number_of_pairs"),
            color: row("color"), isDeleted: row("is_deleted"), builtInID: row("built_in_id"))
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
}

/// A theme's row that is not yet stored has no id to be played by.
struct ThemeWithoutID: Error, CustomStringConvertible {
    var description: String { "A theme row without an id" }
}
