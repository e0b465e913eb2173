import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Logging
import SeededRandom
import SetCore

/// Referees a player's Set table: passes each request's move to the engine with the injected
/// clock, and has the database keep the game. Controllers call one method per request; each runs in
/// one database transaction.
///
/// Every operation first lets time pass (`tick(at:)`), so a two-player claim that ran out while
/// nobody moved is noticed and announced; the server is the source of truth for every countdown.
///
/// A player with no stored game sees their first deal, which only the server can compute (it is
/// seeded from the server secret and the player), so every visit shows the same table and
/// nothing is stored until their first move plays it.
struct SetReferee: Sendable {
    /// A game as a request left it, with the moment the request was handled (for countdowns).
    struct Snapshot: Sendable {
        let saved: SavedSetGame
        let now: Date
    }

    /// A move on the saved game at a moment.
    typealias Move = @Sendable (inout SavedSetGame, Date) throws -> Void

    /// Where each player's game is kept.
    let games: any CardTableDatabase
    let environment: WebEnvironment
    let secret: ServerSecret
    let logger: Logger

    // MARK: - Reading

    /// The player's game, or their first deal (not stored) when they have none yet.
    ///
    /// A view reads, so it never waits behind another player's move; only a view that finds a
    /// two-player time limit run out saves (the timeout becomes the last move).
    func current(for player: PlayerID) async throws -> Snapshot {
        let now = environment.now()
        let secret = secret
        let unchanged: SavedSetGame?
        switch try await games.storedSetGame(for: player) {
        case .saved(let stored):
            var saved = stored
            try Self.apply(nil, to: &saved, version: nil, at: now)
            unchanged = saved == stored ? saved : nil
        case .none:
            unchanged = Self.firstDeal(for: player, secret: secret, at: now)
        case .setAside(let colorBlind, let version):
            // NB: the read set the row aside; the game dealt in its place is stored, so the notice
            // outlives this view. A game stored meanwhile (another tab's move) is kept.
            let saved = try await games.changeSetGame(for: player, at: now) { found in
                if let saved = found.saved { return (nil, saved) }
                let dealt = Self.dealtInPlaceOfSetAside(colorBlind: colorBlind, version: version, at: now)
                return (dealt, dealt)
            }
            return Snapshot(saved: saved, now: now)
        }
        if let unchanged { return Snapshot(saved: unchanged, now: now) }
        return try await play(for: player, version: nil, nil)
    }

    // MARK: - Moves

    // Every move takes the `version` of the page it was made on: nil (JSON clients) skips the
    // check; a stale one turns the move down (see ``SavedSetGame/version``).

    /// Deals a new game of `choice`, keeping the player's color-blind setting.
    func newGame(_ choice: SetGameChoice, version: Int? = nil, for player: PlayerID) async throws -> Snapshot
    {
        try await play(for: player, version: version, newGame: choice) { saved, now in
            saved.game = choice.newGame(at: now)
            saved.lastMove = .newGame
            saved.timeout = nil
        }
    }

    /// Touches the card with engine id `cardID`: by the player holding the claim in a two-player
    /// game (both players share the device), by player one otherwise.
    /// - Throws: ``AppError/notFound(_:)`` when there is no card with that id.
    func select(cardID: Int, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        guard let card = SetCard(id: cardID) else {
            throw AppError.notFound("There is no card \(cardID): Set's cards are numbered 0 to 80.")
        }
        return try await play(for: player, version: version) { saved, now in
            let toucher = saved.game.twoPlayer?.claim?.player ?? .one
            saved.lastMove = SetLastMove(saved.game.select(card, by: toucher, at: now), by: toucher)
        }
    }

    /// Deals three more cards for `dealer`.
    func deal(by dealer: SetPlayer, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        try await play(for: player, version: version) { saved, now in
            saved.lastMove = SetLastMove(saved.game.dealThreeMore(by: dealer, at: now), by: dealer)
        }
    }

    /// Reveals a hint, paid for by `asker`.
    func hint(by asker: SetPlayer, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        try await play(for: player, version: version) { saved, now in
            saved.lastMove = SetLastMove(saved.game.revealHint(by: asker, at: now), by: asker)
        }
    }

    /// Claims the table for `claimer` in a two-player game.
    func claim(by claimer: SetPlayer, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        try await play(for: player, version: version) { saved, now in
            saved.lastMove = SetLastMove(saved.game.claim(by: claimer, at: now), by: claimer)
        }
    }

    /// Switches color-blind mode on or off; the setting outlives New Game.
    func setColorBlind(_ isOn: Bool, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        try await play(for: player, version: version) { saved, _ in
            saved.colorBlind = isOn
            saved.lastMove = .colorBlindMode(isOn)
        }
    }

    /// Starts the player's game from a test position (only when the app allows test setups).
    /// - Throws: ``AppError/badRequest(_:)`` when the setup mixes a seed and cards, gives a deck
    ///   without a table, or the cards cannot make a game.
    func startTestGame(_ setup: SetTestSetup, for player: PlayerID) async throws -> Snapshot {
        if let problem = setup.problem { throw AppError.badRequest(problem) }
        let now = environment.now()
        let game = try Self.game(for: setup, at: now)
        let saved = try await games.changeSetGame(for: player, at: now) { previous in
            let (colorBlind, version): (Bool, Int) =
                switch previous {
                case .none: (false, 0)
                case .saved(let saved): (saved.colorBlind, saved.version + 1)
                // NB: a set-aside row's version is whatever was stored; it must not trap.
                case .setAside(let colorBlind, let version): (colorBlind, version &+ 1)
                }
            let saved = SavedSetGame(game: game, lastMove: .newGame, colorBlind: colorBlind, version: version)
            return (saved, saved)
        }
        return Snapshot(saved: saved, now: now)
    }

    // MARK: - Private

    /// In one transaction: loads the player's game, or their first deal when there is none; lets
    /// time pass; makes `move` (nil when the request only reads) unless `version` is given and is
    /// not the saved game's; saves what changed. A move made (not refused) bumps the version. A
    /// request that only reads never stores a first deal.
    ///
    /// A New Game passes its choice: when the player has no game yet, dealing one of it is the
    /// whole move, so a first New Game deals once.
    ///
    /// A claim that ran out is kept beside the move (both are announced); a request that only
    /// reads makes the timeout its last move.
    ///
    /// When the stored game could not be read (it was set aside), a new solo game is dealt and
    /// stored in its place, with the player's color-blind setting, announcing the set-aside until
    /// the next move; `move` is not made, since it was meant for the game that is gone.
    private func play(
        for player: PlayerID, version: Int?, newGame: SetGameChoice? = nil, _ move: Move?
    ) async throws -> Snapshot {
        let now = environment.now()
        let secret = secret
        let (saved, isNewGame) = try await games.changeSetGame(for: player, at: now) { found in
            if case .setAside(let colorBlind, let version) = found {
                let saved = Self.dealtInPlaceOfSetAside(
                    colorBlind: colorBlind, version: version, choice: newGame ?? .standard, at: now)
                return (saved, (saved, true))
            }
            guard var saved = found.saved else {
                var saved: SavedSetGame
                if let newGame {
                    saved = SavedSetGame(game: newGame.newGame(at: now), lastMove: .newGame)
                } else {
                    saved = Self.firstDeal(for: player, secret: secret, at: now)
                    guard move != nil else { return (nil, (saved, false)) }
                    try Self.apply(move, to: &saved, version: version, at: now)
                }
                return (saved, (saved, true))
            }
            let before = saved
            try Self.apply(move, to: &saved, version: version, at: now)
            return (
                saved != before ? saved : nil, (saved, newGame != nil && saved.version != before.version)
            )
        }
        if isNewGame {
            logger.info(
                "New Set game",
                metadata: [
                    "mode": "\(saved.game.variant.rawValue)",
                    "players": "\(SetPlayMode(saved.game).rawValue)",
                ])
        }
        return Snapshot(saved: saved, now: now)
    }

    /// The game dealt in place of one that could not be read (and was set aside): a new game in
    /// `choice`, with what could still be read of the old one, that says so until the next move.
    private static func dealtInPlaceOfSetAside(
        colorBlind: Bool, version: Int, choice: SetGameChoice = .standard, at now: Date
    ) -> SavedSetGame {
        SavedSetGame(
            game: choice.newGame(at: now), lastMove: .setAside, colorBlind: colorBlind,
            version: version &+ 1)
    }

    /// The game a player without one is shown: the same on every visit until a move stores it.
    /// NB: only a player without a game pays for the seed's HMAC.
    private static func firstDeal(for player: PlayerID, secret: ServerSecret, at now: Date) -> SavedSetGame {
        var generator = SeededGenerator(seed: secret.seed(for: "set|\(player)"))
        return SavedSetGame(game: SetGame(using: &generator, mode: .solo, at: now), lastMove: .newGame)
    }

    private static func apply(_ move: Move?, to saved: inout SavedSetGame, version: Int?, at now: Date) throws
    {
        var timeout: SetTimeout?
        if case .claimTimedOut(let claimer, let penalty) = saved.game.tick(at: now) {
            timeout = SetTimeout(player: claimer, penalty: penalty)
        }
        guard let move else {
            if let timeout {
                saved.lastMove = .timedOut(timeout.player, penalty: timeout.penalty)
                saved.timeout = nil
            }
            return
        }
        saved.timeout = timeout
        if let version, version != saved.version {
            saved.lastMove = .outdated
            return
        }
        try move(&saved, now)
        // NB: a move the engine refused changed nothing on the table, so pages drawn before it
        // (another tab) stay current.
        if case .rejected? = saved.lastMove { return }
        saved.version += 1
    }

    private static func game(for setup: SetTestSetup, at now: Date) throws -> SetGame {
        let choice = SetGameChoice(mode: setup.mode, players: setup.players)
        let mode = choice.players.gameMode
        if let table = setup.table {
            let previousSet = try setup.previousSet.map(Self.previousSet)
            do {
                return try SetGame(
                    deck: setup.deck ?? [], table: table, discardPile: setup.discardPile ?? [],
                    previousSet: previousSet, variant: choice.variant, mode: mode, at: now)
            } catch .duplicateCard(let card) {
                throw AppError.badRequest("Card \(card.id) appears twice.")
            } catch .discardPileNotMadeOfSets {
                throw AppError.badRequest("The discard pile must be whole matches.")
            } catch .cardNotInDeck(let card) {
                throw AppError.badRequest("Card \(card.id) is not in the \(choice.variant.rawValue) deck.")
            } catch .previousSetOutsideSetChain {
                throw AppError.badRequest("Only Set-Chain (mode chain) has a previous Set.")
            }
        }
        if let seed = setup.seed {
            var generator = SeededGenerator(seed: seed)
            return SetGame(using: &generator, variant: choice.variant, mode: mode, at: now)
        }
        return choice.newGame(at: now)
    }

    private static func previousSet(_ cards: [SetCard]) throws -> SetTrio {
        guard cards.count == 3, let trio = SetTrio(cards[0], cards[1], cards[2]) else {
            throw AppError.badRequest("The previous Set must be three cards that are a Set.")
        }
        return trio
    }
}
