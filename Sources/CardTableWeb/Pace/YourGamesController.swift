import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Hummingbird

/// `GET /rooms/mine`: the player's games under way, as a page or JSON.
struct YourGamesController: Sendable {
    let database: any CardTableDatabase
    let environment: WebEnvironment
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(YourGamesRoute.Template.mine, notingIn: routes, use: mine)
    }

    @Sendable func mine(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let games = YourGames(try await database.roomsSeating(player).map { YourGame($0, for: player) })
        switch ResponseFormat(request) {
        case .html: return try renderer.respond(YourGamesPage(games, now: environment.now()), to: request)
        case .json: return try PageRenderer.json(games)
        }
    }
}
