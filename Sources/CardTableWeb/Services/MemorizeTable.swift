import Foundation
import Logging
import MemorizeCore

/// The Memorize table a player sits at: deals games from themes and passes taps to the engine,
/// keeping every game in the store. Controllers call one method per request.
struct MemorizeTable: Sendable {
    let store: CardTableStore
    let environment: WebEnvironment
    let logger: Logger
    /// The speed bonus every web game is played with.
    let speedBonus = SpeedBonus.standard

    /// The game in `slot`, dealing one if there is none yet.
    func currentGame(in slot: GameSlot, for player: PlayerID) async throws -> SavedGame {
        try await play(in: slot, for: player, startNew: false) { _ in }.game
    }

    /// Deals a new game in `slot` (in the random slot, from another random theme).
    func newGame(in slot: GameSlot, for player: PlayerID) async throws -> SavedGame {
        try await play(in: slot, for: player, startNew: true) { _ in }.game
    }

    /// Chooses the card at 1-based place `cardNumber` in the game in `slot`.
    /// - Throws: ``AppError/notFound(_:)`` when the game has no such card.
    func choose(cardNumber: Int, in slot: GameSlot, for player: PlayerID) async throws -> SavedGame {
        let now = environment.now()
        let play = try await play(in: slot, for: player, startNew: false) { saved in
            let cards = saved.game.cards
            // NB: compared before subtracting, so no number (not even Int.min) can overflow.
            guard cardNumber >= 1, cardNumber <= cards.count else { return false }
            let card = cards[cardNumber - 1]
            let outcome = saved.game.choose(card, at: now)
            saved.lastChoice = LastChoice(cardID: card.id, outcome: outcome)
            return true
        }
        guard play.result else { throw AppError.notFound("This game has no card \(cardNumber).") }
        return play.game
    }

    // MARK: - Private

    private func play<Result: Sendable>(
        in slot: GameSlot, for player: PlayerID, startNew: Bool,
        _ body: @escaping @Sendable (inout SavedGame) throws -> Result
    ) async throws -> CardTableStore.GamePlay<Result> {
        let speedBonus = speedBonus
        let dealer: CardTableStore.Dealer = { themes, replacing in
            var generator = SystemRandomNumberGenerator()
            guard let theme = Self.pick(from: themes, avoiding: replacing?.theme.id, using: &generator)
            else { return nil }
            return (theme, theme.theme.makeGame(speedBonus: speedBonus, using: &generator))
        }
        guard
            let play = try await store.playGame(
                in: slot, for: player, at: environment.now(), startNew: startNew, dealer: dealer, play: body)
        else {
            throw AppError.notFound(
                slot == .random ? "You have no themes to choose from." : "There is no such theme.")
        }
        if play.dealt {
            logNewGame(play.game)
        }
        return play
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

    /// Assignment 5 task 2: each new game logs its theme as JSON.
    private func logNewGame(_ game: SavedGame) {
        let json = (try? JSONText.encode(game.theme.theme)) ?? "{}"
        logger.info("New game", metadata: ["slot": "\(game.slot.pathSegment)", "theme": "\(json)"])
    }
}
