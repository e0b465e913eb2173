import Foundation
import Logging
import MemorizeCore

/// Referees a player's Memorize games: deals them from the player's themes, passes each tap to
/// the engine with the injected clock, and has the store keep the result. Controllers call one
/// method per request; each runs in one store transaction, so a request that fails saves nothing.
struct MemorizeReferee: Sendable {
    let store: CardTableStore
    let environment: WebEnvironment
    let logger: Logger
    /// The speed bonus every web game is played with.
    let speedBonus = SpeedBonus.standard

    /// The game in `slot`, dealing one if there is none yet.
    /// - Throws: ``AppError/notFound(_:)`` when the slot's theme does not exist.
    func currentGame(in slot: MemorizeSlot, for player: PlayerID) async throws -> SavedMemorizeGame {
        try await play(in: slot, for: player, startNew: false) { _, _ in }
    }

    /// Deals a new game in `slot` (in the random slot, from another random theme).
    func newGame(in slot: MemorizeSlot, for player: PlayerID) async throws -> SavedMemorizeGame {
        try await play(in: slot, for: player, startNew: true) { _, _ in }
    }

    /// Chooses the card at 1-based place `cardNumber` in the game in `slot`.
    /// - Throws: ``AppError/notFound(_:)`` when the game has no such card.
    func choose(cardNumber: Int, in slot: MemorizeSlot, for player: PlayerID) async throws
        -> SavedMemorizeGame
    {
        try await play(in: slot, for: player, startNew: false) { saved, now in
            let cards = saved.game.cards
            // NB: compared before subtracting, so no number (not even Int.min) can overflow.
            guard cardNumber >= 1, cardNumber <= cards.count else {
                throw AppError.notFound("This game has no card \(cardNumber).")
            }
            let card = cards[cardNumber - 1]
            let outcome = saved.game.choose(card, at: now)
            saved.lastChoice = MemorizeLastChoice(cardID: card.id, outcome: outcome)
        }
    }

    /// A theme for a new game: the only one, or (for the random slot) a random one other than
    /// the last when there is a choice.
    static func pick(
        from themes: [SavedTheme], avoiding previous: ThemeID?,
        using generator: inout some RandomNumberGenerator
    ) -> SavedTheme? {
        let others = themes.filter { $0.id != previous }
        return (others.isEmpty ? themes : others).randomElement(using: &generator)
    }

    // MARK: - Private

    /// Loads the game in `slot` (dealing one when there is none or `startNew` asks), lets `move`
    /// change it, and saves it when it is new or changed, all in one transaction.
    private func play(
        in slot: MemorizeSlot, for player: PlayerID, startNew: Bool,
        _ move: @escaping @Sendable (inout SavedMemorizeGame, Date) throws -> Void
    ) async throws -> SavedMemorizeGame {
        let now = environment.now()
        let speedBonus = speedBonus
        let (saved, dealt) = try await store.write { transaction in
            let stored = try transaction.memorizeGame(in: slot, for: player)
            let dealt = startNew || stored == nil
            var saved =
                if let stored, !dealt { stored } else {
                    try Self.deal(
                        in: slot, replacing: stored, speedBonus: speedBonus, from: transaction, for: player)
                }
            let before = saved
            try move(&saved, now)
            if dealt || saved != before {
                try transaction.save(saved, for: player, at: now)
            }
            return (saved, dealt)
        }
        if dealt {
            logNewGame(saved)
        }
        return saved
    }

    /// A new game in `slot`, from the slot's theme or (for the random slot) a random other one.
    private static func deal(
        in slot: MemorizeSlot, replacing previous: SavedMemorizeGame?, speedBonus: SpeedBonus,
        from transaction: CardTableStore.Transaction, for player: PlayerID
    ) throws -> SavedMemorizeGame {
        let themes: [SavedTheme] =
            switch slot {
            case .theme(let id): try transaction.theme(id, of: player).map { [$0] } ?? []
            case .random: try transaction.themes(of: player)
            }
        var generator = SystemRandomNumberGenerator()
        guard let theme = pick(from: themes, avoiding: previous?.theme.id, using: &generator) else {
            throw AppError.notFound(
                slot == .random ? "You have no themes to choose from." : "There is no such theme.")
        }
        return SavedMemorizeGame(
            slot: slot, theme: theme, game: theme.theme.makeGame(speedBonus: speedBonus, using: &generator))
    }

    /// Assignment 5 task 2: each new game logs its theme as JSON (at debug level; info keeps
    /// one short line).
    private func logNewGame(_ game: SavedMemorizeGame) {
        let slot: Logger.MetadataValue = "\(game.slot.pathSegment)"
        logger.info("New game", metadata: ["slot": slot, "theme": "\(game.theme.theme.name)"])
        logger.debug(
            "New game's theme",
            metadata: ["slot": slot, "theme": "\((try? JSONText.encode(game.theme.theme)) ?? "{}")"])
    }
}
