import CardTableHTTP
import HTTPTypes

/// The addresses every game shares.
enum PlatformRoute: Route, Hashable {
    /// The contract's file among the resources, served at ``contract`` (and, as every resource
    /// file, under `/static/`).
    static let contractFile = "openapi.yaml"

    /// Answers `ok` while the server runs.
    case health
    /// Answers 200 `ready` while the server should be sent new requests (see ``ReadinessCheck``).
    case ready
    /// A stylesheet, script or icon.
    case asset(String)
    /// A generated stylesheet (``GeneratedStylesheets``): a Memorize grid, the Set table's grid,
    /// theme colors.
    case gridStylesheet(String)
    case setGridStylesheet(String)
    case colorStylesheet(String)
    /// The service worker's script, at the top so it looks after every page.
    case serviceWorker
    /// What the service worker shows offline.
    case offline
    /// The JSON API's contract, OpenAPI 3.1 (`docs/openapi.yaml`).
    case contract

    enum Template: String, RouteTemplate {
        case health = "/health"
        case ready = "/ready"
        case asset = "/static/{file}"
        case gridStylesheet = "/styles/grid/{file}"
        case setGridStylesheet = "/styles/set-grid/{file}"
        case colorStylesheet = "/styles/colors/{file}"
        case serviceWorker = "/service-worker.js"
        case offline = "/offline"
        case contract = "/openapi.yaml"

        var method: HTTPRequest.Method { .get }
    }

    var template: Template {
        switch self {
        case .health: .health
        case .ready: .ready
        case .asset: .asset
        case .gridStylesheet: .gridStylesheet
        case .setGridStylesheet: .setGridStylesheet
        case .colorStylesheet: .colorStylesheet
        case .serviceWorker: .serviceWorker
        case .offline: .offline
        case .contract: .contract
        }
    }

    var parameters: [String: String] {
        switch self {
        case .health, .ready, .serviceWorker, .offline, .contract: [:]
        case .asset(let file), .gridStylesheet(let file), .setGridStylesheet(let file),
            .colorStylesheet(let file):
            ["file": file]
        }
    }
}
