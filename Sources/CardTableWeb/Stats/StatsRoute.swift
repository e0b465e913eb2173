import CardTableHTTP
import HTTPTypes

/// Every address of a player's stats.
enum StatsRoute: Route, Hashable {
    /// The stats page.
    case page
    /// The player's whole history as CSV.
    case history

    enum Template: String, RouteTemplate {
        case page = "/stats"
        case history = "/stats/history.csv"

        var method: HTTPRequest.Method { .get }
    }

    var template: Template {
        switch self {
        case .page: .page
        case .history: .history
        }
    }
}
