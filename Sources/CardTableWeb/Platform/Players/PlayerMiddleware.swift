import Foundation
import Hummingbird

/// Recognises the player from their signed cookie, or welcomes a new one with a fresh random id.
///
/// Welcoming stores nothing: a player's row is written with their first move (see
/// ``CardTableStore/Transaction/ensurePlayer(_:at:)``), so page views cost the database nothing.
/// Every response sends the cookie again, so its lifetime starts over on each visit; a player
/// seen again has their last visit noted (at most daily), which the sweep of forgotten players
/// reads. A ``VisitLedger`` spares the other views of the day that lookup.
struct PlayerMiddleware: RouterMiddleware {
    typealias Context = CardTableRequestContext

    let store: CardTableStore
    let secret: ServerSecret
    let now: @Sendable () -> Date
    let visits = VisitLedger()

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let player: PlayerID
        if let recognised = try await recognisedPlayer(request) {
            player = recognised
            let now = now()
            if visits.isDue(player, at: now) {
                visits.remember(player, freshUntil: try await store.noteVisit(of: player, at: now))
            }
        } else {
            // NB: a new visitor is stored by their first move, which notes the visit.
            player = PlayerID.random()
        }
        context.playerID = player
        var response = try await next(request, context)
        response.setCookie(PlayerCookie.cookie(for: player, secret: secret))
        return response
    }

    /// The player the request's cookie names: one the server signed, or a player from before
    /// cookies were signed (whose row says so). A made-up or tampered cookie names nobody.
    private func recognisedPlayer(_ request: Request) async throws -> PlayerID? {
        guard let value = request.cookies[PlayerCookie.name]?.value else { return nil }
        if let signed = PlayerCookie.player(signedIn: value, secret: secret) { return signed }
        guard let legacy = PlayerID(rawValue: value), try await store.hasUnsignedCookie(legacy) else {
            return nil
        }
        return legacy
    }
}
