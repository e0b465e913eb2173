import CardTableBasics
import CardTableHTTP
import Foundation
import Hummingbird
import NIOCore

/// Slows down guessing room codes: every request that names a room by its code (its page,
/// moves, events, replays, socket, and finding it by the code read out) and names no room counts
/// as a failed look-up of the client's address (``ClientAddress``); an address that failed too
/// often must wait, and sooner while the whole site fails too often (``RoomLookupGuard``). While it waits, it is refused every look-up (429 with `Retry-After`), existing rooms
/// included, or the answers would go on telling rooms from guesses; but not those of rooms its
/// player is a member of, so a game goes on for everyone else behind the same address.
struct RoomLookupLimit<Context: PlayerRequestContext & RemoteAddressRequestContext>: RouterMiddleware {
    let limiter: RoomLookupGuard
    let trustedProxies: TrustedProxies
    let referee: RoomReferee

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let client = ClientAddress(request, peer: context.remoteAddress, trusting: trustedProxies)
        let code = Self.code(of: request, context: context)
        if let wait = limiter.waitTime(for: client, at: referee.environment.now()),
            !(await isMember(context.playerID, of: code))
        {
            throw AppError.tooManyRequests(
                "Too many room codes that name no room came from your address", waiting: wait)
        }
        do {
            return try await next(request, context)
        } catch let error where code.map({ RoomReferee.saysNoSuchRoom(error, code: $0) }) == true {
            limiter.recordFailure(of: client, at: referee.environment.now())
            throw error
        }
    }

    /// The code a request names: in its path, or the `code` a friend typed (`/rooms/find`).
    static func code(of request: Request, context: Context) -> RoomCode? {
        if let text = context.parameters.get("code") { return RoomCode(text) }
        return request.uri.queryParameters.get("code").flatMap { RoomCode($0.replacing("+", with: " ")) }
    }

    /// Whether `player` is a member of the room with `code` (false when there is no such room, or
    /// it cannot be read just now).
    private func isMember(_ player: PlayerID?, of code: RoomCode?) async -> Bool {
        guard let player, let code, let stored = try? await referee.current(code) else { return false }
        return stored.room.member(for: player) != nil
    }
}

/// How fast room codes may be guessed (per instance). With 31⁶ ≈ 8.9 × 10⁸ codes, a site of
/// 2,500 open rooms answers a guess with a room once in about 355,000: at the site's 10 a second,
/// a campaign takes about 10 hours, and each new address adds only 3 guesses.
enum RoomLookupRules {
    /// 10 failed look-ups in a row, then one every 10 seconds, per address; 10,000 addresses
    /// remembered at most.
    static let perAddress = FailedAttemptLimiter<ClientAddress>.Rules(
        allowance: 10, forgivenAfter: 10, capacity: 10_000)
    /// The whole site: 600 failed look-ups, then 10 a second. Players mistype a code now and
    /// then; only guessing fails this often.
    static let site = FailedAttemptLimiter<RoomLookupGuard.Site>.Rules(
        allowance: 600, forgivenAfter: 0.1, capacity: 1)
    /// While the site is over its budget: 3 failed look-ups per address, then one every 5 minutes.
    static let whileBusy = FailedAttemptLimiter<ClientAddress>.Rules(
        allowance: 3, forgivenAfter: 300, capacity: 10_000)
}

extension RoomReferee {
    /// Whether `error` is the answer for a room code that names no room (a form sent back with
    /// that answer included).
    static func saysNoSuchRoom(_ error: any Error, code: RoomCode) -> Bool {
        guard let error = error as? AppError ?? (error as? FormRejection)?.error else { return false }
        return error == noSuchRoom(code) || error == noSuchReplay(code)
    }
}
