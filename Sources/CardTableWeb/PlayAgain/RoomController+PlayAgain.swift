import CardTableHTTP
import Hummingbird

extension RoomController {
    /// *New room with these players*, after a game: a browser goes to the new room (the others'
    /// pages point them to it), an API client gets its addresses (201).
    @Sendable func playAgain(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        _ = try await RequestInput.decode(EmptyForm.self, from: request, context: context)
        let player = try context.requirePlayer()
        let next = try await referee.playAgain(after: try Self.code(context), for: player)
        switch ResponseFormat(request) {
        case .html: return .redirect(to: RoomRoute.page(next))
        case .json: return try PageRenderer.json(Created(next), status: .created)
        }
    }
}
