import HTTPTypes

/// The addresses every game shares.
enum PlatformRoute: Route, Hashable {
    /// Answers `ok` while the server runs.
    case health
    /// A stylesheet, script or icon.
    case asset(String)
    /// A generated stylesheet (``GeneratedStylesheets``): a Memorize grid, the Set table's grid,
    /// theme colors.
    case gridStylesheet(String)
    case setGridStylesheet(String)
    case colorStylesheet(String)

    enum Template: String, RouteTemplate {
        case health = "/health"
        case asset = "/static/{file}"
        case gridStylesheet = "/styles/grid/{file}"
        case setGridStylesheet = "/styles/set-grid/{file}"
        case colorStylesheet = "/styles/colors/{file}"

        var method: HTTPRequest.Method { .get }
    }

    var template: Template {
        switch self {
        case .health: .health
        case .asset: .asset
        case .gridStylesheet: .gridStylesheet
        case .setGridStylesheet: .setGridStylesheet
        case .colorStylesheet: .colorStylesheet
        }
    }

    var parameters: [String: String] {
        switch self {
        case .health: [:]
        case .asset(let file), .gridStylesheet(let file), .setGridStylesheet(let file),
            .colorStylesheet(let file):
            ["file": file]
        }
    }
}
