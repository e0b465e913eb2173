import HTTPTypes

/// The address of the appearance toggle.
enum AppearanceRoute: Route, Hashable {
    /// Choosing light, dark, or the system's appearance.
    case choose

    enum Template: String, RouteTemplate {
        case choose = "/appearance"

        var method: HTTPRequest.Method { .post }
    }

    var template: Template { .choose }
}
