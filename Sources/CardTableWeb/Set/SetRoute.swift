import CardTableHTTP
import HTTPTypes
import SetCore

/// Every address of the Set game.
enum SetRoute: Route, Hashable {
    /// The Set page.
    case page
    case newGame
    /// Touching a card.
    case select(SetCard)
    case deal
    case hint
    /// Set! in a two-player game.
    case claim
    case colorBlind
    /// A test start position (only when the app allows test setups).
    case testSetup
    /// How to play and score.
    case rules

    enum Template: String, RouteTemplate {
        case page = "/set"
        case newGame = "/set/new"
        case select = "/set/cards/{card}/select"
        case deal = "/set/deal"
        case hint = "/set/hint"
        case claim = "/set/claim"
        case colorBlind = "/set/color-blind"
        case testSetup = "/set/test-setup"
        case rules = "/set/rules"

        var method: HTTPRequest.Method { self == .page || self == .rules ? .get : .post }
    }

    var template: Template {
        switch self {
        case .page: .page
        case .newGame: .newGame
        case .select: .select
        case .deal: .deal
        case .hint: .hint
        case .claim: .claim
        case .colorBlind: .colorBlind
        case .testSetup: .testSetup
        case .rules: .rules
        }
    }

    var parameters: [String: String] {
        if case .select(let card) = self { return ["card": String(card.id)] }
        return [:]
    }
}
