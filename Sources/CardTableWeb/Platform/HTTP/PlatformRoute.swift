import HTTPTypes

/// The addresses every game shares.
enum PlatformRoute: Route, Hashable {
    /// Answers `ok` while the server runs.
    case health
    /// A stylesheet, script or icon.
    case asset(String)

    enum Template: String, RouteTemplate {
        case health = "/health"
        case asset = "/static/{file}"

        var method: HTTPRequest.Method { .get }
    }

    var template: Template {
        switch self {
        case .health: .health
        case .asset: .asset
        }
    }

    var parameters: [String: String] {
        if case .asset(let file) = self { return ["file": file] }
        return [:]
    }
}
