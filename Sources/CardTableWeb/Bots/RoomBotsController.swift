import CardTableBasics
import CardTableHTTP
import Hummingbird

/// A room's computer opponents over HTTP: the host adds them in the lobby, takes them out, and
/// hands a bot the seat of a player who left. API clients get the events each change added;
/// browsers post forms and are sent back to the room page.
struct RoomBotsController: Sendable {
    let rooms: RoomController

    /// The body of adding a bot or handing one a seat.
    struct LevelForm: RoomForm {
        let level: BotLevel
    }

    func addRoutes(to lookups: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        lookups.on(RoomRoute.Template.bots, notingIn: routes, use: add)
        lookups.on(RoomRoute.Template.bot, notingIn: routes, use: remove)
        lookups.on(RoomRoute.Template.removeBot, notingIn: routes, use: remove)
        lookups.on(RoomRoute.Template.seatBot, notingIn: routes, use: handSeat)
    }

    // MARK: - Routes

    @Sendable func add(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(LevelForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try rooms.answer(
            try await rooms.referee.addBot(try RoomController.code(context), level: form.level, for: player),
            request)
    }

    /// Takes a bot out: `DELETE /rooms/{code}/bots/{number}`, or a form's post to `…/remove`.
    @Sendable func remove(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let number = try Self.member(context)
        _ = try await RequestInput.decode(RoomController.EmptyForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try rooms.answer(
            try await rooms.referee.removeBot(try RoomController.code(context), number: number, for: player),
            request)
    }

    @Sendable func handSeat(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let number = try Self.member(context)
        let form = try await RequestInput.decode(LevelForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        return try rooms.answer(
            try await rooms.referee.handSeatToBot(
                try RoomController.code(context), of: number, level: form.level, for: player),
            request)
    }

    // MARK: - Internal

    /// The member number in the path.
    static func member(_ context: CardTableRequestContext) throws -> Int {
        try context.pathParameter(
            "number", { Int($0).flatMap { $0 >= 1 ? $0 : nil } },
            mustBe: "a member's number, a whole number from 1")
    }
}
