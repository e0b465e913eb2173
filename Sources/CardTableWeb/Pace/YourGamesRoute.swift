import CardTableHTTP
import HTTPTypes

/// The address of a player's games under way.
enum YourGamesRoute: Route, Hashable {
    /// The rooms the player is seated in whose game is not finished (page or JSON).
    case mine

    enum Template: String, RouteTemplate {
        case mine = "/rooms/mine"

        var method: HTTPRequest.Method { .get }
    }

    var template: Template { .mine }
}
