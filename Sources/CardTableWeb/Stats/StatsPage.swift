import Foundation
import Mustache
import SetCore
import TemplateFields

/// A player's stats: games played, best scores, seconds per Set, the daily streak, a chart of
/// scores per game and mode (and Set variant), the newest games, and the people they last played
/// rooms with.
@TemplateFields
struct StatsPage: PageModel {
    static let template = "stats"

    /// A record and its best score.
    @TemplateFields
    struct Best: Encodable, Sendable, MustacheParent {
        /// "Memorize" or "Set" (whatever the variant, as the JSON had it before there were others).
        let game: String
        /// The game as the page names it: "Memorize", "Set", "Set-Chain", …
        let gameName: String
        /// The Memorize theme, or the Set mode.
        let name: String
        /// Which game of Set; nil for Memorize.
        let variant: SetVariant?
        let score: Int

        init(_ record: PlayerStats.Record, score: Int) {
            game = record.variant == nil ? "Memorize" : "Set"
            gameName = record.gameName
            name = record.name
            variant = record.variant
            self.score = score
        }

        enum CodingKeys: String, CodingKey {
            case game, name, variant, score
        }
    }

    let title = "Your stats"
    let gamesPlayed: Int
    let hasGames: Bool
    let bests: [Best]
    let secondsPerSet: Double?
    /// Seconds per Set in words: "14.2 s".
    let secondsPerSetText: String?
    let streak: Int
    let longestStreak: Int
    let charts: [ScoreChart]
    /// The newest games, newest first.
    let recent: [FinishedGame]
    let historyURL = StatsRoute.history.path
    let dailyURL = DailyRoute.today.path
    let chooserURL = ThemesRoute.chooser().path
    let devicesURL = DevicesRoute.page.path
    /// The player's ratings, one per game and mode they played rated room games in.
    let ratings: [RatingSummary]
    let hasRatings: Bool
    /// Each rating's chart, rated game by rated game.
    let ratingCharts: [ScoreChart]
    let leaderboardURL = RatingsRoute.leaderboard(nil).path
    /// The people the player last shared a finished room game with, newest first.
    let recentPlayers: [RecentPlayerRow]
    let hasRecentPlayers: Bool

    init(
        history: [FinishedGame], streak: DailyStreak, ratings: [PlayerRating] = [],
        ratingChanges: [RatingChangeRecord] = [], recentPlayers: [RecentPlayerRow] = [], now: Date = Date()
    ) {
        self.recentPlayers = recentPlayers
        hasRecentPlayers = !recentPlayers.isEmpty
        self.ratings = ratings.map { RatingSummary($0, at: now) }
        hasRatings = !ratings.isEmpty
        ratingCharts = RatingCharts.charts(of: ratingChanges)
        let stats = PlayerStats(history)
        gamesPlayed = stats.gamesPlayed
        hasGames = stats.gamesPlayed > 0
        bests = stats.bests.map(Best.init).sorted { ($0.gameName, $0.name) < ($1.gameName, $1.name) }
        secondsPerSet = stats.secondsPerSet
        secondsPerSetText = stats.secondsPerSet.map { String(format: "%.1f s", $0) }
        self.streak = streak.current
        longestStreak = streak.longest
        charts = ChartSeries.split(history, keeping: PlayerStats.recentCount).compactMap {
            ScoreChart(series: $0.series, games: $0.games)
        }
        recent = stats.recent
    }

    enum CodingKeys: String, CodingKey {
        case gamesPlayed, bests, secondsPerSet, streak, longestStreak, recent, historyURL, ratings,
            recentPlayers
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gamesPlayed, forKey: .gamesPlayed)
        try container.encode(bests, forKey: .bests)
        try container.encodeIfPresent(secondsPerSet, forKey: .secondsPerSet)
        try container.encode(streak, forKey: .streak)
        try container.encode(longestStreak, forKey: .longestStreak)
        try container.encode(recent, forKey: .recent)
        try container.encode(historyURL, forKey: .historyURL)
        try container.encode(ratings, forKey: .ratings)
        try container.encode(recentPlayers, forKey: .recentPlayers)
    }
}
