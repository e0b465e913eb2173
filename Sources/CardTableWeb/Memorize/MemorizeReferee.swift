import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Logging
import MemorizeCore

/// Referees a player's Memorize games: deals them from the player's themes, passes each tap to
/// the engine with the injected clock, and has the database keep the result. Controllers call one
/// method per request; each is one move of the database's, so a request that fails saves nothing.
///
/// A slot with no stored game shows its first deal, which only the server can compute (it is
/// seeded from the server secret, the player and the slot), so every visit shows the same deal
/// and nothing is stored until the first tap plays it.
struct MemorizeReferee: Sendable {
    let database: any CardTableDatabase
    let environment: WebEnvironment
    let secret: ServerSecret
    let logger: Logger
    /// The speed bonus every web game is played with.
    let speedBonus = SpeedBonus.standard

    /// The game in `slot`: the stored one, or the first deal (not stored) when there is none.
    /// A player who peeks at the start of each game has their first deal stored with its peek.
    /// - Throws: ``AppError/notFound(_:)`` when the slot's theme does not exist.
    func currentGame(in slot: MemorizeSlot, for player: PlayerID) async throws -> MemorizeTable {
        let desk = try await database.memorizeDesk(in: slot, for: player, dealing: false)
        guard !desk.isMissingItsTheme else { throw AppError.noSuchTheme }
        if desk.gameWasSetAside { return try await dealInPlaceOfSetAside(in: slot, for: player) }
        let game = try desk.stored ?? dealer.firstDeal(in: desk.slot, for: player, from: desk.themesToDeal)
        let table = MemorizeTable(game: game, preferences: desk.preferences)
        guard desk.stored == nil, table.preferences.peeksAtStart else { return table }
        return try await play(in: slot, for: player, startNew: false, deal: nil) { _, _ in }
    }

    /// Deals a new game in `slot` (in the random slot, from another random theme).
    func newGame(in slot: MemorizeSlot, for player: PlayerID) async throws -> MemorizeTable {
        try await play(in: slot, for: player, startNew: true, deal: nil) { _, _ in }
    }

    /// Chooses the card at 1-based place `cardNumber` in the game in `slot`.
    /// - Parameter deal: The deal the page showed; `nil` (API clients) skips the check.
    /// - Throws: ``AppError/notFound(_:)`` when the game has no such card, and
    ///   ``AppError/conflict(_:)`` when `deal` is not the game's (the page is out of date).
    func choose(cardNumber: Int, deal: Int64?, in slot: MemorizeSlot, for player: PlayerID) async throws
        -> MemorizeTable
    {
        try await play(in: slot, for: player, startNew: false, deal: deal) { saved, now in
            let cards = saved.game.cards
            // NB: compared before subtracting, so no number (not even Int.min) can overflow.
            guard cardNumber >= 1, cardNumber <= cards.count else {
                throw AppError.notFound(
                    "This game has no card \(cardNumber): its cards are 1 to \(cards.count).")
            }
            let card = cards[cardNumber - 1]
            let outcome = saved.game.choose(card, at: now)
            saved.lastChoice = MemorizeLastChoice(cardID: card.id, outcome: outcome)
            saved.isDealtInPlaceOfSetAside = false
        }
    }

    /// Turns the two cards of a mismatch face down, as the next tap would: the page asks once the
    /// player's delay has passed. Anything else is left as it is.
    /// - Parameter deal: The deal the page showed; `nil` (API clients) skips the check.
    func turnBack(deal: Int64?, in slot: MemorizeSlot, for player: PlayerID) async throws -> MemorizeTable {
        try await play(in: slot, for: player, startNew: false, deal: deal) { saved, _ in
            saved.game.turnMismatchBack()
        }
    }

    /// Remembers how the player paces their games. Turning the peek on shows it at once in the
    /// slot's game if no card has been turned up yet.
    func setPreferences(_ preferences: MemorizePreferences, in slot: MemorizeSlot, for player: PlayerID)
        async throws -> MemorizeTable
    {
        try await play(in: slot, for: player, startNew: false, deal: nil, setting: preferences) { _, _ in }
    }

    // MARK: - Private

    private var dealer: MemorizeDealer {
        MemorizeDealer(secret: secret, speedBonus: speedBonus)
    }

    /// Stores a new game in `slot` in place of one that a read found unreadable (and set aside),
    /// so the notice outlives this view; a game stored meanwhile (another tab's tap) is kept.
    private func dealInPlaceOfSetAside(in slot: MemorizeSlot, for player: PlayerID) async throws
        -> MemorizeTable
    {
        let dealer = dealer
        let (table, isNewDeal) = try await database.changeMemorizeGame(
            in: slot, for: player, dealing: true, clock: environment.now
        ) { desk, now in
            guard !desk.isMissingItsTheme else { throw AppError.noSuchTheme }
            if let stored = desk.stored {
                return (.nothing, (MemorizeTable(game: stored, preferences: desk.preferences), false))
            }
            let dealt = try Self.dealtInPlaceOfSetAside(from: desk, by: dealer, at: now)
            return (
                MemorizeSaving(game: dealt), (MemorizeTable(game: dealt, preferences: desk.preferences), true)
            )
        }
        if isNewDeal { logNewGame(table.game) }
        return table
    }

    /// A new game dealt in place of the slot's game, which could not be read (it was moved to the
    /// quarantine): it says so until the first choice, and starts with a peek when the player
    /// wants one.
    private static func dealtInPlaceOfSetAside(
        from desk: MemorizeDesk, by dealer: MemorizeDealer, preferences: MemorizePreferences? = nil,
        at now: Date
    ) throws -> SavedMemorizeGame {
        var generator = SystemRandomNumberGenerator()
        var dealt = try dealer.deal(in: desk.slot, replacing: nil, from: desk.themesToDeal, using: &generator)
        dealt.isDealtInPlaceOfSetAside = true
        if (preferences ?? desk.preferences).peeksAtStart {
            dealt.game.startPeek(at: now, lasting: MemorizePreferences.peekDuration)
        }
        return dealt
    }

    /// Loads the game in `slot` (or its first deal; a new deal when `startNew` asks), checks that
    /// it is the `deal` the page showed, lets `move` change it, and saves it, all as one move of
    /// the database's (see ``CardTableDatabase/changeMemorizeGame(in:for:dealing:clock:_:)``). The
    /// first deal is saved by the move that plays it. A new deal, a first deal and a game whose
    /// player just asked for it start with a peek if the player wants one.
    /// - Parameter newPreferences: Preferences to remember first, if any.
    private func play(
        in slot: MemorizeSlot, for player: PlayerID, startNew: Bool, deal: Int64?,
        setting newPreferences: MemorizePreferences? = nil,
        _ move: @escaping @Sendable (inout SavedMemorizeGame, Date) throws -> Void
    ) async throws -> MemorizeTable {
        let dealer = dealer
        let (table, isNewDeal) = try await database.changeMemorizeGame(
            in: slot, for: player, dealing: startNew, clock: environment.now
        ) { desk, now in
            guard !desk.isMissingItsTheme else { throw AppError.noSuchTheme }
            let preferences = newPreferences ?? desk.preferences
            if desk.gameWasSetAside {
                // NB: the move was meant for the game that could not be read: it is not made.
                let dealt = try Self.dealtInPlaceOfSetAside(
                    from: desk, by: dealer, preferences: preferences, at: now)
                return (
                    MemorizeSaving(preferences: newPreferences, game: dealt),
                    (MemorizeTable(game: dealt, preferences: preferences), true)
                )
            }
            let stored = desk.stored
            let shown = try stored ?? dealer.firstDeal(in: desk.slot, for: player, from: desk.themesToDeal)
            var generator = SystemRandomNumberGenerator()
            var saved =
                startNew
                ? try dealer.deal(in: desk.slot, replacing: shown, from: desk.themesToDeal, using: &generator)
                : shown
            if let deal, deal != saved.deal {
                throw AppError.conflict(
                    "This page shows an earlier game: another tab or window has dealt a new one. Reload to see it."
                )
            }
            let before = saved
            let isNewDeal = startNew || stored == nil
            if preferences.peeksAtStart, isNewDeal || newPreferences != nil {
                saved.game.startPeek(at: now, lasting: MemorizePreferences.peekDuration)
            }
            try move(&saved, now)
            let saving = MemorizeSaving(
                preferences: newPreferences, game: isNewDeal || saved != before ? saved : nil)
            return (saving, (MemorizeTable(game: saved, preferences: preferences), isNewDeal))
        }
        if isNewDeal {
            logNewGame(table.game)
        }
        return table
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
