import Foundation
import Hummingbird

/// Recognises the player from their cookie, or welcomes a new one: a new browser gets a random
/// id in an HttpOnly, SameSite=Lax cookie and its own copies of the built-in themes.
struct PlayerMiddleware: RouterMiddleware {
    typealias Context = CardTableRequestContext

    /// The cookie that carries the player id.
    static let cookieName = "cardtable_player"

    let store: CardTableStore
    let now: @Sendable () -> Date

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let known = request.cookies[Self.cookieName].flatMap { PlayerID(rawValue: $0.value) }
        let player = known ?? PlayerID.random()
        try await store.preparePlayer(player, at: now())
        context.playerID = player
        var response = try await next(request, context)
        if known == nil {
            response.setCookie(Self.cookie(for: player))
        }
        return response
    }

    static func cookie(for player: PlayerID) -> Cookie {
        Cookie(
            name: cookieName, value: player.rawValue, maxAge: WebLimits.playerCookieMaxAge,
            path: "/", httpOnly: true, sameSite: .lax)
    }
}
