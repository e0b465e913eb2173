/// One line of the stats page's charts: a game in one mode. Modes score differently (two players
/// share the Sets, a room's Memorize is a point a pair), so each has a chart of its own rather
/// than joining another's line.
struct ChartSeries: Hashable, Sendable {
    let game: FinishedGame.Game
    let mode: FinishedGame.Mode

    /// Every series, in the order the page shows them: Memorize's modes, then Set's.
    static let all: [ChartSeries] = [FinishedGame.Game.memorize, .set].flatMap { game in
        FinishedGame.Mode.allCases.map { ChartSeries(game: game, mode: $0) }
    }

    /// The series `game` belongs to.
    init(of game: FinishedGame) {
        self.init(game: game.game, mode: game.mode)
    }

    init(game: FinishedGame.Game, mode: FinishedGame.Mode) {
        (self.game, self.mode) = (game, mode)
    }

    /// "Memorize, solo", "Set, two players", "Set, room".
    var title: String {
        let game =
            switch game {
            case .memorize: "Memorize"
            case .set: "Set"
            }
        return "\(game), \(FinishedGame.modeName(of: mode))"
    }

    /// A name for the page's ids: "memorize-solo", "set-two-player".
    var slug: String { "\(game.rawValue)-\(mode.rawValue)" }

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
