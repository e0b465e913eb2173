import Foundation
import SetCore

/// What a player's history adds up to: the figures of their stats page.
struct PlayerStats: Hashable, Sendable {
    /// How many of the newest games the page lists.
    static let recentCount = 50

    /// A record to beat: a Memorize theme (by name) in a mode, or a mode of Set in a variant.
    /// Modes score differently (a room's Memorize is a point a pair), and so do variants (Junior
    /// has 27 cards, an UltraSet takes four), so each keeps its own.
    enum Record: Hashable, Sendable {
        case memorize(theme: String, mode: FinishedGame.Mode)
        case set(FinishedGame.Mode, variant: SetVariant = .normal)

        /// "Memorize", or the game of Set: "Set", "Set Junior", "Set-Chain", "UltraSet".
        var gameName: String {
            switch self {
            case .memorize: "Memorize"
            case .set(_, let variant): variant.gameName
            }
        }

        /// Which record of its game: "Animals", "Animals, room"; "solo", "two players".
        var name: String {
            switch self {
            case .memorize(let theme, .solo): theme
            case .memorize(let theme, let mode): "\(theme), \(FinishedGame.modeName(of: mode))"
            case .set(let mode, _): FinishedGame.modeName(of: mode)
            }
        }

        /// The variant of a Set record; nil for Memorize.
        var variant: SetVariant? {
            guard case .set(_, let variant) = self else { return nil }
            return variant
        }
    }

    let gamesPlayed: Int
    /// The best score of each record the player has played for.
    let bests: [Record: Int]
    /// Seconds of play per Set found, over every solo game of Normal Set with at least one Set
    /// (with two players or in a room, the game's time is shared; the other variants deal other
    /// tables or ask for other finds); nil without such a game.
    let secondsPerSet: Double?
    /// The newest ``recentCount`` games, newest first.
    let recent: [FinishedGame]

    /// The figures of `history` (in any order).
    init(_ history: [FinishedGame]) {
        gamesPlayed = history.count
        var bests: [Record: Int] = [:]
        var setSeconds = 0.0
        var sets = 0
        for game in history {
            let record = Self.record(of: game)
            bests[record] = max(bests[record] ?? .min, game.score)
            if game.mode == .solo, game.variant == .normal, let found = game.setsFound, found > 0 {
                setSeconds += game.seconds
                sets += found
            }
        }
        self.bests = bests
        secondsPerSet = sets > 0 ? setSeconds / Double(sets) : nil
        // NB: games finished at the same moment keep the order they were given in.
        let newestFirst = history.enumerated().sorted {
            ($0.element.finishedAt, $0.offset) > ($1.element.finishedAt, $1.offset)
        }
        recent = newestFirst.prefix(Self.recentCount).map(\.element)
    }

    /// The record `game` counts towards.
    static func record(of game: FinishedGame) -> Record {
        switch game.game {
        case .memorize: .memorize(theme: game.theme ?? "", mode: game.mode)
        case .set: .set(game.mode, variant: game.variant ?? .normal)
        }
    }

    /// Whether `game`, just finished and not yet in `history`, beats every earlier game of its
    /// record (a first game of a record sets it, but is not announced as a new best).
    static func isNewBest(_ game: FinishedGame, over history: [FinishedGame]) -> Bool {
        let record = record(of: game)
        let earlier = history.filter { Self.record(of: $0) == record }.map(\.score)
        guard let best = earlier.max() else { return false }
        return game.score > best
    }
}
