import CardTableHTTP
import HTTPTypes

/// The addresses of the page settings' toggles.
enum PageSettingRoute: Route, Hashable {
    /// Choosing light, dark, or the system's appearance.
    case appearance
    /// Turning the games' sounds on or off.
    case sound

    enum Template: String, RouteTemplate {
        case appearance = "/appearance"
        case sound = "/sound"

        var method: HTTPRequest.Method { .post }
    }

    var template: Template {
        switch self {
        case .appearance: .appearance
        case .sound: .sound
        }
    }
}
