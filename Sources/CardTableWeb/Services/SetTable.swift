import Foundation
import Logging
import SeededRandom
import SetCore

/// The Set table a player sits at: passes each request's move to the engine with the injected
/// clock, and keeps the game in the store. Controllers call one method per request.
///
/// Every operation first lets time pass (`tick(at:)`), so a two-player claim that ran out while
/// nobody moved is noticed and announced; the server is the source of truth for every countdown.
struct SetTable: Sendable {
    /// A game as a request left it, with the moment the request was handled (for countdowns).
    struct Snapshot: Sendable {
        let saved: SavedSetGame
        let now: Date
    }

    let store: CardTableStore
    let environment: WebEnvironment
    let logger: Logger

    // MARK: - Reading

    /// The player's game, dealing a solo game if there is none yet.
    func current(for player: PlayerID) async throws -> Snapshot {
        try await play(for: player, version: nil, nil)
    }

    // MARK: - Moves

    // Every move takes the `version` of the page it was made on: nil (JSON clients) skips the
    // check; a stale one turns the move down (see ``SavedSetGame/version``).

    /// Deals a new game in `mode`, keeping the player's color-blind setting.
    func newGame(_ mode: SetPlayMode, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        let snapshot = try await play(for: player, version: version) { saved, now in
            saved.game = SetGame(mode: mode.gameMode, at: now)
            saved.lastMove = .newGame
            saved.timeout = nil
        }
        if snapshot.saved.lastMove == .newGame {
            logger.info("New Set game", metadata: ["mode": "\(mode.rawValue)"])
        }
        return snapshot
    }

    /// Touches the card with engine id `cardID`: by the player holding the claim in a two-player
    /// game (both players share the device), by player one otherwise.
    func select(cardID: Int, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        guard let card = SetCard(id: cardID) else { throw AppError.notFound("There is no such card.") }
        return try await play(for: player, version: version) { saved, now in
            let toucher = saved.game.twoPlayer?.claim?.player ?? .one
            saved.lastMove = Self.lastMove(for: saved.game.select(card, by: toucher, at: now), by: toucher)
        }
    }

    /// Deals three more cards for `dealer`.
    func deal(by dealer: SetPlayer, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        try await play(for: player, version: version) { saved, now in
            saved.lastMove =
                switch saved.game.dealThreeMore(by: dealer, at: now) {
                case .dealt(let cards, let penalty): .dealt(cards, by: dealer, penalty: penalty)
                case .clearedMatch(let trio): .clearedMatch(trio)
                case .rejected(let reason): .rejected(reason)
                }
        }
    }

    /// Reveals a hint, paid for by `asker`.
    func hint(by asker: SetPlayer, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        try await play(for: player, version: version) { saved, _ in
            if let rejection = saved.game.hintRejection(by: asker) {
                saved.lastMove = .rejected(rejection)
                return
            }
            saved.game.revealHint(by: asker)
            saved.lastMove = .hint(by: asker)
        }
    }

    /// Claims the table for `claimer` in a two-player game.
    func claim(by claimer: SetPlayer, version: Int? = nil, for player: PlayerID) async throws -> Snapshot {
        try await play(for: player, version: version) { saved, now in
            saved.lastMove =
                switch saved.game.claim(by: claimer, at: now) {
                case .claimed: .claimed(claimer)
                case .rejected(let reason): .rejected(reason)
                }
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
        let play = try await store.playSetGame(
            for: player, at: now, startNew: true,
            dealer: { previous in
                SavedSetGame(
                    game: game, lastMove: .newGame, colorBlind: previous?.colorBlind ?? false,
                    version: (previous?.version ?? -1) + 1)
            },
            play: { _ in })
        return Snapshot(saved: play.saved, now: now)
    }

    // MARK: - Private

    /// Lets time pass, then makes `move` (nil when the request only reads) unless `version` is
    /// given and is not the saved game's; a move made bumps the version.
    ///
    /// A claim that ran out is kept beside the move (both are announced); a request that only reads
    /// makes the timeout its last move.
    private func play(
        for player: PlayerID, version: Int?,
        _ move: (@Sendable (inout SavedSetGame, Date) throws -> Void)?
    ) async throws -> Snapshot {
        let now = environment.now()
        let play = try await store.playSetGame(
            for: player, at: now,
            dealer: { _ in SavedSetGame(game: SetGame(at: now), lastMove: .newGame) },
            play: { saved in
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
                saved.version += 1
            })
        if play.dealt {
            logger.info("New Set game", metadata: ["mode": "\(SetPlayMode(play.saved.game).rawValue)"])
        }
        return Snapshot(saved: play.saved, now: now)
    }

    private static func lastMove(for outcome: SelectionOutcome, by player: SetPlayer) -> SetLastMove {
        switch outcome {
        case .selected(let card): .selected(card)
        case .deselected(let card): .deselected(card)
        case .matched(let trio, let points): .matched(trio, by: player, points: points)
        case .mismatched(_, let penalty): .mismatched(by: player, penalty: penalty)
        case .clearedMatch(let trio, _): .clearedMatch(trio)
        case .rejected(let reason): .rejected(reason)
        }
    }

    private static func game(for setup: SetTestSetup, at now: Date) throws -> SetGame {
        let mode = (setup.mode ?? .solo).gameMode
        if let table = setup.table {
            do {
                return try SetGame(
                    deck: setup.deck ?? [], table: table, discardPile: setup.discardPile ?? [], mode: mode,
                    at: now)
            } catch .duplicateCard(let card) {
                throw AppError.badRequest("Card \(card.id) appears twice.")
            } catch .discardPileNotMadeOfSets {
                throw AppError.badRequest("The discard pile must be whole Sets.")
            }
        }
        if let seed = setup.seed {
            var generator = SeededGenerator(seed: seed)
            return SetGame(using: &generator, mode: mode, at: now)
        }
        return SetGame(mode: mode, at: now)
    }
}
