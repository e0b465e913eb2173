import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Hummingbird

/// Playing Memorize: the game page, tapping a card, and New Game. Browsers are redirected back
/// to the page after each post; API clients (and the page's script) get the game as JSON.
struct MemorizeController: Sendable {
    let referee: MemorizeReferee
    let renderer: PageRenderer
    /// The database, for players' histories (a finished game is compared with their best).
    let database: any CardTableDatabase

    /// The body of a tap.
    struct ChooseForm: DescribedInput {
        /// The deal the page showed; without it (API clients) the tap is not checked.
        let deal: Int64?

        static let fieldDescriptions = ["deal": "the page's deal number, a whole number"]
    }

    /// The body of the options form. An unticked checkbox is not sent, so a missing `peek` is off.
    struct OptionsForm: DescribedInput {
        let peek: Bool?
        let turnBack: TurnBackChoice

        static let fieldDescriptions = [
            "peek": "true or false",
            "turnBack": TurnBackChoice.description,
        ]

        var preferences: MemorizePreferences {
            MemorizePreferences(peeksAtStart: peek ?? false, turnBackDelay: turnBack.delay)
        }
    }

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(MemorizeRoute.Template.game, notingIn: routes, use: show)
        group.on(MemorizeRoute.Template.choose, notingIn: routes, use: choose)
        group.on(MemorizeRoute.Template.newGame, notingIn: routes, use: newGame)
        group.on(MemorizeRoute.Template.turnBack, notingIn: routes, use: turnBack)
        group.on(MemorizeRoute.Template.options, notingIn: routes, use: setOptions)
    }

    @Sendable func show(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let slot = try Self.slot(context)
        let player = try context.requirePlayer()
        let table = try await referee.currentGame(in: slot, for: player)
        return try renderer.respond(try await page(table, for: player), to: request)
    }

    @Sendable func choose(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let slot = try Self.slot(context)
        let cardNumber = try context.pathParameter(
            "card", Self.cardNumber, mustBe: "a card's place in the game, from 1")
        let form = try await RequestInput.decode(ChooseForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        let table = try await referee.choose(cardNumber: cardNumber, deal: form.deal, in: slot, for: player)
        return try await answer(table, for: player, request: request)
    }

    @Sendable func newGame(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let slot = try Self.slot(context)
        let player = try context.requirePlayer()
        let table = try await referee.newGame(in: slot, for: player)
        return try await answer(table, for: player, request: request)
    }

    @Sendable func turnBack(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let slot = try Self.slot(context)
        let form = try await RequestInput.decode(ChooseForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        let table = try await referee.turnBack(deal: form.deal, in: slot, for: player)
        return try await answer(table, for: player, request: request)
    }

    @Sendable func setOptions(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let slot = try Self.slot(context)
        let form = try await RequestInput.decode(OptionsForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        let table = try await referee.setPreferences(form.preferences, in: slot, for: player)
        return try await answer(table, for: player, request: request)
    }

    /// The game's place from the path (`/play/random`, `/play/{theme}`); 400 naming `slot` when
    /// it is neither.
    private static func slot(_ context: CardTableRequestContext) throws -> MemorizeSlot {
        try context.pathParameter(
            "slot", MemorizeSlot.init(pathSegment:), mustBe: MemorizeSlot.pathDescription)
    }

    /// A card's 1-based place from a URL path segment; `nil` unless it is a positive whole number.
    static func cardNumber(_ text: String) -> Int? {
        guard let number = Int(text), number > 0 else { return nil }
        return number
    }

    private func answer(_ table: MemorizeTable, for player: PlayerID, request: Request) async throws
        -> Response
    {
        switch ResponseFormat(request) {
        case .html: .redirect(to: MemorizeRoute.game(table.game.slot))
        case .json: try PageRenderer.json(try await page(table, for: player))
        }
    }

    /// The page of `table`; a finished game's compares it with the player's best.
    private func page(_ table: MemorizeTable, for player: PlayerID) async throws -> MemorizePage {
        let game = table.game.game
        let best: BestComparison? =
            game.isOver
            ? BestComparison(
                gameFinishedAt: game.progress?.finishedAt, game: .memorize,
                in: try await database.finishedGames(of: player)) : nil
        return MemorizePage(table, now: referee.environment.now(), best: best)
    }
}
