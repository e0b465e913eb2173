import CardTableBasics
import SetCore

/// One line of the stats page's charts: a game in one mode (and, for Set, one variant). Modes
/// score differently (two players share the Sets, a room's Memorize is a point a pair), and so do
/// Set's variants, so each has a chart of its own rather than joining another's line.
struct ChartSeries: Hashable, Sendable {
    let game: CardGame
    let mode: FinishedGame.Mode
    /// Which game of Set; nil for Memorize.
    let variant: SetVariant?

    /// Every series, in the order the page shows them: Memorize's modes, then Normal Set's, then
    /// each other variant's.
    static let all: [ChartSeries] =
        FinishedGame.Mode.allCases.map { ChartSeries(game: .memorize, mode: $0) }
        + SetVariant.allCases.flatMap { variant in
            FinishedGame.Mode.allCases.map { ChartSeries(game: .set, mode: $0, variant: variant) }
        }

    /// The series `game` belongs to.
    init(of game: FinishedGame) {
        self.init(game: game.game, mode: game.mode, variant: game.variant)
    }

    /// A series; a game of Set without a variant is Normal, and Memorize has none.
    init(game: CardGame, mode: FinishedGame.Mode, variant: SetVariant? = nil) {
        (self.game, self.mode) = (game, mode)
        self.variant = game == .set ? variant ?? .normal : nil
    }

    /// "Memorize, solo", "Set, two players", "Set-Chain, room".
    var title: String {
        let game =
            switch game {
            case .memorize: "Memorize"
            case .set: (variant ?? .normal).gameName
            }
        return "\(game), \(FinishedGame.modeName(of: mode))"
    }

    /// A name for the page's ids: "memorize-solo", "set-two-player", "set-chain-solo" (Normal's
    /// keep the names they had before there were variants).
    var slug: String {
        switch variant {
        case nil, .normal?: "\(game.rawValue)-\(mode.rawValue)"
        case let variant?: "\(game.rawValue)-\(variant.rawValue)-\(mode.rawValue)"
        }
    }

    /// Each series of `history` (in any order) with its last `limit` games, oldest first (games
    /// finished at the same moment in the order given), in the order of ``all``; a series
    /// without games is left out.
    static func split(_ history: [FinishedGame], keeping limit: Int) -> [(
        series: ChartSeries, games: [FinishedGame]
    )] {
        let chronological = history.enumerated().sorted {
            ($0.element.finishedAt, $0.offset) < ($1.element.finishedAt, $1.offset)
        }.map(\.element)
        let bySeries = Dictionary(grouping: chronological, by: ChartSeries.init(of:))
        return all.compactMap { series in
            guard let games = bySeries[series] else { return nil }
            return (series, Array(games.suffix(limit)))
        }
    }
}
