import Hummingbird

/// Playing Memorize: the game page, tapping a card, and New Game. Browsers are redirected back
/// to the page after each post; API clients (and the page's script) get the game as JSON.
struct GameController: Sendable {
    let table: MemorizeTable
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<CardTableRequestContext>) {
        group.get("/play/:slot", use: show)
        group.post("/play/:slot/choose/:card", use: choose)
        group.post("/play/:slot/new", use: newGame)
    }

    @Sendable func show(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let slot = try context.pathParameter("slot", GameSlot.init(pathSegment:))
        let game = try await table.currentGame(in: slot, for: context.requirePlayer())
        return try renderer.respond(GamePage(game, now: table.environment.now()), to: request)
    }

    @Sendable func choose(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let slot = try context.pathParameter("slot", GameSlot.init(pathSegment:))
        let cardNumber = try context.pathParameter("card", Self.cardNumber)
        let game = try await table.choose(cardNumber: cardNumber, in: slot, for: context.requirePlayer())
        return try answer(game, slot: slot, request: request)
    }

    @Sendable func newGame(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let slot = try context.pathParameter("slot", GameSlot.init(pathSegment:))
        let game = try await table.newGame(in: slot, for: context.requirePlayer())
        return try answer(game, slot: slot, request: request)
    }

    /// A card's 1-based place from a URL path segment; `nil` unless it is a positive whole number.
    static func cardNumber(_ text: String) -> Int? {
        guard let number = Int(text), number > 0 else { return nil }
        return number
    }

    private func answer(_ game: SavedGame, slot: GameSlot, request: Request) throws -> Response {
        switch ResponseFormat(request) {
        case .html: .redirect(to: "/play/\(slot.pathSegment)", type: .normal)
        case .json: try PageRenderer.json(GamePage(game, now: table.environment.now()))
        }
    }
}
