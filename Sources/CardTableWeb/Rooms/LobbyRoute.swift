import CardTableHTTP
import HTTPTypes

/// The addresses of Open rooms, where anyone finds a table to join or watch.
enum LobbyRoute: Route, Hashable {
    /// The list as a page.
    case list
    /// The list as JSON.
    case openRooms
    /// A seat at an open Set table, or a new one.
    case quickPlay

    enum Template: String, RouteTemplate {
        case list = "/rooms"
        case openRooms = "/rooms/open"
        case quickPlay = "/rooms/quick-play"

        var method: HTTPRequest.Method {
            switch self {
            case .list, .openRooms: .get
            case .quickPlay: .post
            }
        }
    }

    var template: Template {
        switch self {
        case .list: .list
        case .openRooms: .openRooms
        case .quickPlay: .quickPlay
        }
    }
}
