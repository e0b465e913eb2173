import Foundation
import Hummingbird

/// Recognises the player from their signed cookie, or welcomes a new one with a fresh random id.
///
/// Welcoming stores nothing: a player's row is written with their first move (see
/// ``DatabaseTransaction/storePlayer(_:at:)``), so page views cost the database nothing.
/// Every response sends the cookie again, so its lifetime starts over on each visit; a player
/// seen again has their last visit noted (at most daily), which the sweep of forgotten players
/// reads. A ``VisitLedger`` spares the other views of the day that lookup.
struct PlayerMiddleware<Context: PlayerRequestContext>: RouterMiddleware {
    let database: any CardTableDatabase
    let secret: ServerSecret
    let now: @Sendable () -> Date
    let visits = VisitLedger()
    /// Cookie values already checked, and the player each names (`nil` for a forgery), so a
    /// returning player's signature is checked once, not on every request.
    let checkedCookies = Memo<String, PlayerID?>(capacity: VisitLedger.capacity)

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let player: PlayerID
        let cookieValue = request.cookies[PlayerCookie.name]?.value
        let signed = cookieValue.flatMap(signedPlayer)
        let recognised: PlayerID? = if let signed { signed } else { try await legacyPlayer(cookieValue) }
        if let recognised {
            player = recognised
            let now = now()
            if visits.isDue(player, at: now) {
                visits.remember(player, freshUntil: try await database.noteVisit(of: player, at: now))
            }
        } else {
            // NB: a new visitor is stored by their first move, which notes the visit.
            player = PlayerID.random()
            context.isNewVisitor = true
        }
        context.playerID = player
        var response = try await next(request, context)
        // NB: a signed cookie is sent back as it came; signing it again gives the same value.
        let known = signed == nil ? nil : cookieValue
        response.setCookie(PlayerCookie.cookie(for: player, value: known, secret: secret))
        return response
    }

    /// A player from before cookies were signed, whose unsigned id the cookie holds (their row
    /// says so). A made-up or tampered cookie names nobody.
    private func legacyPlayer(_ value: String?) async throws -> PlayerID? {
        guard let value, let legacy = PlayerID(rawValue: value), try await database.hasUnsignedCookie(legacy)
        else {
            return nil
        }
        return legacy
    }

    /// The player a signed cookie value names, remembered only for values of a signed cookie's
    /// length, so made-up cookies cannot fill the memory.
    private func signedPlayer(_ value: String) -> PlayerID? {
        guard value.utf8.count == PlayerCookie.signedValueLength else { return nil }
        return checkedCookies.value(for: value) { PlayerCookie.player(signedIn: $0, secret: secret) }
    }
}
