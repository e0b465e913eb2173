import Foundation
import Mustache
import RatingCore
import TemplateFields

/// One of a player's ratings as `GET /ratings`, `/stats` and the leaderboards show it: rating and
/// deviation in whole points, as they stand now (the deviation widened for idle months).
@TemplateFields
struct RatingSummary: Encodable, Sendable, Equatable {
    let game: String
    let mode: String
    let rating: Int
    let deviation: Int
    let games: Int
    let provisional: Bool
    /// "Set", "Set Junior", …, "Memorize".
    @TemplateField
    var title: String { pool?.title ?? game }
    /// "1523", or "1523?" while provisional.
    @TemplateField
    var ratingText: String { "\(rating)\(provisional ? "?" : "")" }
    @TemplateField
    var leaderboardURL: String { RatingsRoute.leaderboard(pool).path }

    init(_ rating: PlayerRating, at now: Date) {
        let current = rating.current(at: now)
        game = rating.pool.game.rawValue
        mode = rating.pool.mode
        self.rating = Int(current.rating.rounded())
        deviation = Int(current.deviation.rounded())
        games = rating.games
        provisional = current.isProvisional
    }

    private var pool: RatingPool? { RatingPool(game: game, mode: mode) }

    enum CodingKeys: String, CodingKey {
        case game, mode, rating, deviation, games, provisional
    }
}

extension RatingSummary {
    /// A rating where a list shows it beside others (Open rooms): whole points, and whether it is
    /// provisional.
    struct Brief: Encodable, Sendable, Equatable {
        let rating: Int
        let provisional: Bool

        init(_ rating: Rating) {
            self.rating = Int(rating.rating.rounded())
            provisional = rating.isProvisional
        }

        /// "1523", or "1523?" while provisional.
        var text: String { "\(rating)\(provisional ? "?" : "")" }
    }
}

/// What `GET /ratings` answers: the player's ratings, one per game and mode they played rated
/// games in.
struct RatingsAnswer: Encodable, Sendable {
    let ratings: [RatingSummary]
}

/// The charts of a player's ratings, one per game and mode, each the rating after every rated
/// game (the newest ``PlayerStats/recentCount``), oldest first.
enum RatingCharts {
    static func charts(of changes: [RatingChangeRecord]) -> [ScoreChart] {
        RatingPool.allCases.compactMap { pool in
            let points = changes.filter { $0.game == pool.game.rawValue && $0.mode == pool.mode }
                .suffix(PlayerStats.recentCount)
                .map { ScoreChart.Point(value: Int($0.rating.rounded()), date: $0.ratedAt) }
            return ScoreChart(
                title: "\(pool.title) rating", slug: "rating-\(pool.game.rawValue)-\(pool.mode)",
                heading: "\(pool.title): rating over time", valueName: "Rating",
                counted: {
                    $0 == 1
                        ? "the rating after 1 rated game"
                        : "the rating after each of the last \($0) rated games"
                },
                points: Array(points), fromZero: false)
        }
    }
}
