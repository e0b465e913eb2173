import CardTableBasics
import CardTableStorage
import Foundation
import Hummingbird

/// Recognises the player and the device from their signed cookie, or welcomes a new one with
/// fresh random ids.
///
/// Welcoming stores nothing: a player's row is written with their first move (see
/// ``DatabaseTransaction/storePlayer(_:at:)``), so page views cost the database nothing.
/// A device's session (``DeviceSessions``) decides whose the device is: a forgotten device is a
/// new visitor, and a device whose player was merged into another is that other player. Every
/// response sends the cookie again, so its lifetime starts over on each visit; a player seen
/// again has their last visit noted (at most daily on each device), which the sweep of forgotten
/// players reads. A ``VisitLedger`` spares the other views of the day that lookup.
struct PlayerMiddleware<Context: PlayerRequestContext>: RouterMiddleware {
    let database: any CardTableDatabase
    let sessions: DeviceSessions
    let secret: ServerSecret
    let now: @Sendable () -> Date
    let visits = VisitLedger()
    /// Cookie values already checked, and whom each names (`nil` for a forgery), so a returning
    /// player's signature is checked once, not on every request.
    let checkedCookies = Memo<String, PlayerCookie.Holder?>(capacity: VisitLedger.capacity)

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let cookieValue = request.cookies[PlayerCookie.name]?.value
        let now = now()
        let holder = try await recognised(cookieValue, at: now)
        let (player, device) = (holder?.player ?? PlayerID.random(), holder?.device ?? DeviceID.random())
        if holder != nil {
            if visits.isDue(device, at: now) {
                let name = DeviceName(userAgent: request.headers[.userAgent])
                let next = try await database.noteVisit(of: player, on: device, named: name, at: now)
                visits.remember(device, freshUntil: next)
            }
        } else {
            // NB: a new visitor is stored by their first move, which notes the visit.
            context.isNewVisitor = true
        }
        context.playerID = player
        context.deviceID = device
        var response = try await next(request, context)
        // NB: a cookie that names this player and device is sent back as it came (signing it
        // again gives the same value); a linked or forgotten device may already have a new one.
        if !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(PlayerCookie.name + "=") }) {
            let unchanged =
                cookieValue?.utf8.count == PlayerCookie.signedValueLength
                && holder != nil && holder == cookieValue.flatMap(signedHolder)
            response.setCookie(
                PlayerCookie.cookie(
                    for: player, on: device, value: unchanged ? cookieValue : nil, secret: secret,
                    answering: request))
        }
        return response
    }

    /// Whom the cookie names now: nil for a new visitor (no cookie, a forgery, a forgotten
    /// device); a cookie from before devices names its player on the device it stands for.
    private func recognised(_ value: String?, at now: Date) async throws -> PlayerCookie.Holder? {
        guard let value else { return nil }
        let cookie: PlayerCookie.Holder
        if let signed = signedHolder(value) {
            cookie = signed
        } else if let legacy = try await legacyPlayer(value) {
            cookie = PlayerCookie.Holder(
                player: legacy, device: PlayerCookie.deviceBeforeDevices(of: legacy, secret: secret))
        } else {
            return nil
        }
        switch try await sessions.session(of: cookie.device, at: now) {
        case .unrecorded: return cookie
        case .player(let player): return PlayerCookie.Holder(player: player, device: cookie.device)
        case .forgotten: return nil
        }
    }

    /// A player from before cookies were signed, whose unsigned id the cookie holds (their row
    /// says so). A made-up or tampered cookie names nobody.
    private func legacyPlayer(_ value: String) async throws -> PlayerID? {
        guard let legacy = PlayerID(rawValue: value), try await database.hasUnsignedCookie(legacy) else {
            return nil
        }
        return legacy
    }

    /// Whom a signed cookie value names, remembered only for values of a signed cookie's length,
    /// so made-up cookies cannot fill the memory.
    private func signedHolder(_ value: String) -> PlayerCookie.Holder? {
        let length = value.utf8.count
        guard length == PlayerCookie.signedValueLength || length == PlayerCookie.signedPlayerValueLength
        else {
            return nil
        }
        return checkedCookies.value(for: value) { PlayerCookie.holder(signedIn: $0, secret: secret) }
    }
}
