import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Hummingbird
import SetCore

/// Playing Set: the page, touching a card, Deal 3, the hint, two-player claims, New Game and
/// color-blind mode. Browsers are redirected back to the page after each post; API clients (and
/// the page's script) get the page's state as JSON.
struct SetController: Sendable {
    let referee: SetReferee
    let renderer: PageRenderer
    /// The database, for players' histories (a finished game is compared with their best).
    let database: any CardTableDatabase

    // Every form may send `version`, the page's move counter; a stale one turns the move down.

    /// The body of New Game.
    struct NewGameForm: SetForm {
        /// The variant, Normal when missing (or `solo` / `two-player` from older pages).
        let mode: SetModeField?
        /// Solo when missing.
        let players: SetPlayMode?
        let version: Int?
    }

    /// The body of touching a card.
    struct SelectForm: SetForm {
        let version: Int?
    }

    /// The body of Deal 3, Hint and Set! (claim).
    struct PlayerForm: SetForm {
        /// Who acts; player one when missing.
        let player: SetPlayer?
        let version: Int?
    }

    /// The body of the color-blind switch.
    struct ColorBlindForm: SetForm {
        let enabled: Bool
        let version: Int?
    }

    func addRoutes(
        to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes,
        allowsTestSetups: Bool
    ) {
        group.on(SetRoute.Template.page, notingIn: routes, use: show)
        group.on(SetRoute.Template.newGame, notingIn: routes, use: newGame)
        group.on(SetRoute.Template.select, notingIn: routes, use: select)
        group.on(SetRoute.Template.deal, notingIn: routes, use: deal)
        group.on(SetRoute.Template.hint, notingIn: routes, use: hint)
        group.on(SetRoute.Template.claim, notingIn: routes, use: claim)
        group.on(SetRoute.Template.colorBlind, notingIn: routes, use: colorBlind)
        group.on(SetRoute.Template.rules, notingIn: routes) { request, _ in
            try renderer.respond(SetRulesPage(), to: request)
        }
        if allowsTestSetups {
            group.on(SetRoute.Template.testSetup, notingIn: routes, use: testSetup)
        }
    }

    // MARK: - Routes

    @Sendable func show(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        return try renderer.respond(
            try await page(try await referee.current(for: player), for: player), to: request)
    }

    @Sendable func newGame(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let form = try await RequestInput.decode(NewGameForm.self, from: request, context: context)
        return try await answer(
            try await referee.newGame(
                SetGameChoice(mode: form.mode, players: form.players), version: form.version, for: player),
            for: player, request)
    }

    @Sendable func select(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let cardID = try context.pathParameter("card", { Int($0) }, mustBe: "a card's number, 0 to 80")
        let form = try await RequestInput.decode(SelectForm.self, from: request, context: context)
        return try await answer(
            try await referee.select(cardID: cardID, version: form.version, for: player),
            for: player, request)
    }

    @Sendable func deal(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let form = try await RequestInput.decode(PlayerForm.self, from: request, context: context)
        return try await answer(
            try await referee.deal(
                by: form.player ?? .one, version: form.version, for: player),
            for: player, request)
    }

    @Sendable func hint(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let form = try await RequestInput.decode(PlayerForm.self, from: request, context: context)
        return try await answer(
            try await referee.hint(
                by: form.player ?? .one, version: form.version, for: player),
            for: player, request)
    }

    @Sendable func claim(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let form = try await RequestInput.decode(PlayerForm.self, from: request, context: context)
        return try await answer(
            try await referee.claim(
                by: form.player ?? .one, version: form.version, for: player),
            for: player, request)
    }

    @Sendable func colorBlind(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        let form = try await RequestInput.decode(ColorBlindForm.self, from: request, context: context)
        return try await answer(
            try await referee.setColorBlind(
                form.enabled, version: form.version, for: player),
            for: player, request)
    }

    @Sendable func testSetup(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let player = try context.requirePlayer()
        guard RequestInput.isJSON(request) else {
            throw AppError.badRequest("A test setup is sent as JSON.")
        }
        let setup = try await RequestInput.decode(SetTestSetup.self, from: request, context: context)
        return try await answer(
            try await referee.startTestGame(setup, for: player),
            for: player, request)
    }

    // MARK: - Private

    private func answer(_ snapshot: SetReferee.Snapshot, for player: PlayerID, _ request: Request)
        async throws
        -> Response
    {
        switch ResponseFormat(request) {
        case .html: .redirect(to: SetRoute.page)
        case .json: try PageRenderer.json(try await page(snapshot, for: player))
        }
    }

    /// The page of `snapshot`; a finished game's compares it with the player's best.
    private func page(_ snapshot: SetReferee.Snapshot, for player: PlayerID) async throws -> SetPage {
        let game = snapshot.saved.game
        let best: BestComparison? =
            game.isOver
            ? BestComparison(
                gameFinishedAt: game.clock?.finishedAt, game: .set,
                in: try await database.finishedGames(of: player))
            : nil
        return SetPage(snapshot, best: best)
    }
}

/// A Set page form: its fields' values in words, for error messages.
protocol SetForm: DescribedInput {}

extension SetForm {
    static var fieldDescriptions: [String: String] {
        [
            "version": "the page's move count, a whole number",
            // NB: `solo` and `two-player` are still read (from pages drawn before there were modes),
            // but no longer offered.
            "mode": "normal, junior, chain or ultra",
            "players": SetPlayMode.allCases.map(\.rawValue).joined(separator: " or "),
            "player": "one or two",
            "enabled": "true or false",
        ]
    }
}
