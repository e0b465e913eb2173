import Foundation
import Hummingbird
import NIOCore

/// Slows down guessing room codes: every request that names a room by its code (its page,
/// moves, events, replays, socket, and finding it by the code read out) and names no room counts
/// as a failed look-up of the client's address (``ClientAddress``); an address that failed too
/// often (``RoomLookupRules/standard``) must wait. While it waits, it is refused every look-up (429 with `Retry-After`), existing rooms
/// included, or the answers would go on telling rooms from guesses; but not those of rooms its
/// player is a member of, so a game goes on for everyone else behind the same address.
struct RoomLookupLimit<Context: PlayerRequestContext & RemoteAddressRequestContext>: RouterMiddleware {
    let limiter: FailedAttemptLimiter<ClientAddress>
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

/// How fast room codes may be guessed.
enum RoomLookupRules {
    /// 10 failed look-ups in a row, then one every 10 seconds, per address (and per instance);
    /// 10,000 addresses remembered at most.
    static let standard = FailedAttemptLimiter<ClientAddress>.Rules(
        allowance: 10, forgivenAfter: 10, capacity: 10_000)
}

extension RoomReferee {
    /// Whether `error` is the answer for a room code that names no room (a form sent back with
    /// that answer included).
    static func saysNoSuchRoom(_ error: any Error, code: RoomCode) -> Bool {
        guard let error = error as? AppError ?? (error as? FormRejection)?.error else { return false }
        return error == noSuchRoom(code) || error == noSuchReplay(code)
    }
}
