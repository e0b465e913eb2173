import CardTableBasics
import Foundation

/// A room a player is seated in whose game is under way, as `GET /rooms/mine` lists it: the
/// game, its pace, and (Memorize) whose turn it is and, played a turn a day, since when and
/// until when.
struct YourGame: Encodable, Sendable {
    let code: String
    let url: String
    let game: CardGame
    /// "Memorize · Animals", "Set-Chain".
    let name: String
    let pace: RoomPace
    /// Whether it is the player's turn (Memorize); false in a Set game, where nobody waits.
    let yourTurn: Bool
    /// The name of the player whose turn it is (Memorize); absent in a Set game.
    let turn: String?
    /// Since when it has been their turn, and when it passes (ISO 8601), in a game played a turn
    /// a day; absent otherwise.
    let turnSince: String?
    let turnEnds: String?

    /// When the turn passes, for ordering and the page's words; nil when it never does.
    let due: Date?

    enum CodingKeys: String, CodingKey {
        case code, url, game, name, pace, yourTurn, turn, turnSince, turnEnds
    }

    /// `room` as `player` sees it in their list.
    init(_ room: Room, for player: PlayerID) {
        code = room.code.rawValue
        url = RoomRoute.page(room.code).path
        game = room.game
        name = room.gameTitle
        pace = room.pace
        let toPlay = room.memberToPlay
        yourTurn = toPlay?.player == player
        turn = toPlay?.name.text
        let clock = room.phase == .playing ? room.turnClock : nil
        turnSince = clock?.since.formatted(.iso8601)
        turnEnds = clock?.deadline.formatted(.iso8601)
        due = clock?.deadline
    }

    /// The order of the list: the player's turns first, the soonest to pass first; then the
    /// rest by code.
    static func listOrder(_ lhs: YourGame, _ rhs: YourGame) -> Bool {
        if lhs.yourTurn != rhs.yourTurn { return lhs.yourTurn }
        if lhs.due != rhs.due { return (lhs.due ?? .distantFuture) < (rhs.due ?? .distantFuture) }
        return lhs.code < rhs.code
    }
}

/// `GET /rooms/mine` as JSON: the games, and in how many it is the player's turn.
struct YourGames: Encodable, Sendable {
    let games: [YourGame]
    let yourTurns: Int

    init(_ games: [YourGame]) {
        self.games = games.sorted(by: YourGame.listOrder)
        yourTurns = games.filter(\.yourTurn).count
    }
}
