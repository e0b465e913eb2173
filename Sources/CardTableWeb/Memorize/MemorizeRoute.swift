import CardTableHTTP
import HTTPTypes

/// Every address of the Memorize game.
enum MemorizeRoute: Route, Hashable {
    /// The game page of a slot.
    case game(MemorizeSlot)
    /// Dealing a new game in a slot.
    case newGame(MemorizeSlot)
    /// Choosing the card at a 1-based place in a slot's game.
    case choose(card: Int, in: MemorizeSlot)
    /// Turning a slot's mismatch back once the player's delay has passed.
    case turnBack(MemorizeSlot)
    /// Setting how the player paces their games, from a slot's page.
    case options(MemorizeSlot)

    enum Template: String, RouteTemplate {
        case game = "/play/{slot}"
        case newGame = "/play/{slot}/new"
        case choose = "/play/{slot}/choose/{card}"
        case turnBack = "/play/{slot}/turn-back"
        case options = "/play/{slot}/options"

        var method: HTTPRequest.Method { self == .game ? .get : .post }
    }

    var template: Template {
        switch self {
        case .game: .game
        case .newGame: .newGame
        case .choose: .choose
        case .turnBack: .turnBack
        case .options: .options
        }
    }

    var parameters: [String: String] {
        switch self {
        case .game(let slot), .newGame(let slot), .turnBack(let slot), .options(let slot):
            ["slot": slot.pathSegment]
        case .choose(let card, let slot): ["slot": slot.pathSegment, "card": String(card)]
        }
    }
}
