import CardTableBasics
import CardTableHTTP
import HTTPTypes
import SetCore

/// Every address of a room.
enum RoomRoute: Route, Hashable {
    /// The form that makes a room for `game` (Memorize names one of the player's themes, Set may
    /// name the game of Set it starts with).
    case new(game: CardGame, themeID: ThemeID?, mode: SetVariant? = nil)
    /// Making a room.
    case create
    /// A room found by the code a friend read out (`?code=K7Q-X4P`).
    case find
    /// The room's page (HTML), or its view (JSON).
    case page(RoomCode)
    case join(RoomCode)
    case start(RoomCode)
    /// A Set claim: three card numbers.
    case claim(RoomCode)
    /// A vote for three more Set cards.
    case deal(RoomCode)
    /// Turning a Memorize card.
    case choose(RoomCode, card: Int)
    /// The events after `after` (or the latest view when too far behind).
    case events(RoomCode, after: Int)
    /// The room's WebSocket.
    case socket(RoomCode)
    /// Listing the room under Open rooms, or taking it off (the host).
    case listing(RoomCode)
    /// The replay of the room's game number `game`, at move `move` (the first when nil).
    case replay(RoomCode, game: Int, move: Int? = nil)
    /// Adding a computer opponent (the host, between games).
    case bots(RoomCode)
    /// A computer opponent, by its member number: `DELETE` takes it out.
    case bot(RoomCode, number: Int)
    /// Taking a computer opponent out from a form (which cannot send `DELETE`).
    case removeBot(RoomCode, number: Int)
    /// Handing the seat of member `number`, who left the game under way, to a computer opponent.
    case seatBot(RoomCode, member: Int)
    /// A chat message to everyone in the room.
    case chat(RoomCode)
    /// Who may chat (the host).
    case chatAudience(RoomCode)
    /// A quick reaction.
    case reactions(RoomCode)
    /// A member, by number: `DELETE` removes them (the host).
    case member(RoomCode, number: Int)
    /// Removing a member from a form (which cannot send `DELETE`).
    case removeMember(RoomCode, number: Int)
    /// Muting a member, or hearing them again.
    case mute(RoomCode, member: Int)
    /// A new room for the players of a finished game, which the old room points them to.
    case again(RoomCode)

    enum Template: String, RouteTemplate {
        case new = "/rooms/new"
        case create = "/rooms"
        case find = "/rooms/find"
        case page = "/rooms/{code}"
        case join = "/rooms/{code}/join"
        case start = "/rooms/{code}/start"
        case claim = "/rooms/{code}/claim"
        case deal = "/rooms/{code}/deal"
        case choose = "/rooms/{code}/cards/{card}/choose"
        case events = "/rooms/{code}/events"
        case socket = "/rooms/{code}/socket"
        case replay = "/rooms/{code}/games/{game}"
        case listing = "/rooms/{code}/open"
        case bots = "/rooms/{code}/bots"
        case bot = "/rooms/{code}/bots/{number}"
        case removeBot = "/rooms/{code}/bots/{number}/remove"
        case seatBot = "/rooms/{code}/members/{number}/bot"
        case chat = "/rooms/{code}/chat"
        case chatAudience = "/rooms/{code}/chat/audience"
        case reactions = "/rooms/{code}/reactions"
        case member = "/rooms/{code}/members/{number}"
        case removeMember = "/rooms/{code}/members/{number}/remove"
        case mute = "/rooms/{code}/members/{number}/mute"
        case again = "/rooms/{code}/again"

        var method: HTTPRequest.Method {
            switch self {
            case .new, .find, .page, .events, .socket, .replay: .get
            case .create, .join, .start, .claim, .deal, .choose, .listing, .bots, .removeBot, .seatBot, .chat,
                .chatAudience, .reactions, .removeMember, .mute, .again:
                .post
            case .bot, .member: .delete
            }
        }
    }

    var template: Template {
        switch self {
        case .new: .new
        case .create: .create
        case .find: .find
        case .page: .page
        case .join: .join
        case .start: .start
        case .claim: .claim
        case .deal: .deal
        case .choose: .choose
        case .events: .events
        case .socket: .socket
        case .replay: .replay
        case .listing: .listing
        case .bots: .bots
        case .bot: .bot
        case .removeBot: .removeBot
        case .seatBot: .seatBot
        case .chat: .chat
        case .chatAudience: .chatAudience
        case .reactions: .reactions
        case .member: .member
        case .removeMember: .removeMember
        case .mute: .mute
        case .again: .again
        }
    }

    var parameters: [String: String] {
        switch self {
        case .new, .create, .find: [:]
        case .page(let code), .join(let code), .start(let code), .claim(let code), .deal(let code),
            .events(let code, _), .socket(let code), .listing(let code), .bots(let code), .chat(let code),
            .chatAudience(let code), .reactions(let code), .again(let code):
            ["code": code.rawValue]
        case .bot(let code, let number), .removeBot(let code, let number), .seatBot(let code, let number),
            .member(let code, let number), .removeMember(let code, let number), .mute(let code, let number):
            ["code": code.rawValue, "number": String(number)]
        case .choose(let code, let card): ["code": code.rawValue, "card": String(card)]
        case .replay(let code, let game, _): ["code": code.rawValue, "game": String(game)]
        }
    }

    var query: KeyValuePairs<String, String> {
        switch self {
        case .events(_, let after): ["after": String(after)]
        case .replay(_, _, let move?): ["move": String(move)]
        case .new(let game, let themeID?, _): ["game": game.rawValue, "themeID": themeID.description]
        case .new(let game, nil, let mode?): ["game": game.rawValue, "mode": mode.rawValue]
        case .new(let game, nil, nil): ["game": game.rawValue]
        default: [:]
        }
    }
}
