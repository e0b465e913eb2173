import CardTableBasics
import CardTableStorage
import Foundation
import MemorizeCore

/// A row of the `memorize_game` table: the engine's game state as JSON, in one of a player's
/// game slots. Each property is the column of its name (see ``StoredRecord``).
struct MemorizeGameRecord: StoredRecord {
    static let table = "memorize_game"

    var playerID: String
    var slot: String
    var themeID: Int64
    var state: String
    var lastChoice: String?
    var updatedAt: Date
    var deal: Int64

    init(_ game: SavedMemorizeGame, player: PlayerID, at now: Date) throws {
        self.playerID = player.rawValue
        self.slot = game.slot.storageKey
        self.themeID = game.theme.id.rawValue
        self.state = try JSONText.encode(game.game)
        // NB: a game reads back from its JSON as it was (StateRoundTripTests), so the next request
        // need not decode what this one saved.
        Self.games.remember(game.game, for: ExactText(state))
        let last =
            game.lastChoice.map(StoredLastChoice.choice) ?? (game.isDealtInPlaceOfSetAside ? .setAside : nil)
        self.lastChoice = try last.map(JSONText.encode)
        self.updatedAt = now
        self.deal = game.deal
    }

    /// The row as a game, dealt from `theme`.
    func savedGame(slot: MemorizeSlot, theme: SavedTheme) throws -> SavedMemorizeGame {
        let last = try lastChoice.map {
            try Self.lastChoices.value(for: ExactText($0)) {
                try JSONText.decode(StoredLastChoice.self, from: $0.text)
            }
        }
        var lastChoice: MemorizeLastChoice?
        if case .choice(let choice)? = last { lastChoice = choice }
        return SavedMemorizeGame(
            slot: slot, theme: theme,
            game: try Self.games.value(for: ExactText(state)) {
                try JSONText.decode(MemoryGame<String>.self, from: $0.text)
            },
            lastChoice: lastChoice, deal: deal, isDealtInPlaceOfSetAside: last == .setAside)
    }

    /// Games decoded lately, by their JSON: a page viewed again decodes nothing.
    private static let games = Memo<ExactText, MemoryGame<String>>(capacity: 512)
    /// Last choices decoded lately, by their JSON: a card's place and what touching it did.
    private static let lastChoices = Memo<ExactText, StoredLastChoice>(capacity: 512)
}
