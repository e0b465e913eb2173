import HTTPTypes

/// The address of the sound toggle.
enum SoundRoute: Route, Hashable {
    /// Turning the games' sounds on or off.
    case choose

    enum Template: String, RouteTemplate {
        case choose = "/sound"

        var method: HTTPRequest.Method { .post }
    }

    var template: Template { .choose }
}
