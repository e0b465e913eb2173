import CardTableBasics
import CardTableHTTP
import Foundation

/// One player in one room, as the pace of their moves is kept.
struct RoomMover: Hashable, Sendable {
    let code: RoomCode
    let player: PlayerID
}

/// How fast one player may make moves (claims, votes to deal, Memorize turns) in one room: a
/// burst of ``standard``'s allowance, then four a second, far above any person's pace. Every move
/// counts, whatever it did; a move over the pace is refused (429) and stores nothing. Kept in
/// memory by each instance.
enum RoomMoveRules {
    static let standard = FailedAttemptLimiter<RoomMover>.Rules(
        allowance: 10, forgivenAfter: 0.25, capacity: 10_000)
}

extension RoomReferee {
    /// Counts a move of `player`'s in room `code`, or refuses it when they are over the pace.
    /// - Throws: ``AppError/tooManyRequests(_:retryAfter:)``.
    func pace(_ code: RoomCode, for player: PlayerID) throws {
        if let wait = moveLimiter.admit(RoomMover(code: code, player: player), at: environment.now()) {
            throw AppError.tooManyRequests("Moves are coming faster than anyone plays", waiting: wait)
        }
    }
}
