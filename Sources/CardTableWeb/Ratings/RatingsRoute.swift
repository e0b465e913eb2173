import CardTableHTTP
import HTTPTypes

/// Every address of ratings: a player's own, and the leaderboards.
enum RatingsRoute: Route, Hashable {
    /// The player's own ratings (JSON).
    case ratings
    /// The leaderboard of `pool` (Set Normal when nil): a page, or JSON.
    case leaderboard(RatingPool?)

    enum Template: String, RouteTemplate {
        case ratings = "/ratings"
        case leaderboard = "/leaderboard"

        var method: HTTPRequest.Method { .get }
    }

    var template: Template {
        switch self {
        case .ratings: .ratings
        case .leaderboard: .leaderboard
        }
    }

    var query: KeyValuePairs<String, String> {
        switch self {
        case .leaderboard(let pool?): ["game": pool.game.rawValue, "mode": pool.mode]
        default: [:]
        }
    }
}
