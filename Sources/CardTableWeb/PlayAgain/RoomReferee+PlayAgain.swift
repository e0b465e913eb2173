import CardTableBasics
import CardTableHTTP
import Foundation

extension RoomReferee {
    /// Makes a new room for the players of room `code`'s last game, hosted by `player` (a member,
    /// once the game ended), and points the old room's members to it; when the old room points
    /// to an open one already, that one.
    /// - Returns: The new room's code.
    /// - Throws: 409 before a game ended; 403 for someone not a member; 422 when `player` hosts
    ///   as many open rooms as one player may.
    func playAgain(after code: RoomCode, for player: PlayerID) async throws -> RoomCode {
        let stored = try await current(code)
        try Self.requireNotClosed(stored)
        let member: RoomMember
        do { member = try stored.room.requireMayPlayAgain(player) } catch { throw error.appError }
        if let next = stored.room.nextRoom, try await isOpen(next.code) { return next.code }
        let old = stored.room
        let change: RoomChange
        do {
            change = try await database.createRoom(
                at: environment.now(), maximumOpenRooms: limits.openRoomsPerHost
            ) {
                var generator = SystemRandomNumberGenerator()
                return RoomCode.random(using: &generator)
            } _: { code in
                let room = old.nextGame(code: code, host: player, name: member.name)
                return (
                    room, [RoomHappening(kind: .joined, text: "\(member.name) made the room.", member: 1)]
                )
            }
        } catch let refusal as RoomRefusal {
            throw refusal.appError
        }
        let next = change.stored.room.code
        let answer = try await act(on: code) { room, _ throws(RoomRefusal) in
            try room.pointTo(next, madeBy: player)
        }
        logger.info("New room for the same players", metadata: ["game": "\(old.game.rawValue)"])
        // NB: another member's room came first: everyone goes there (this one closes when idle).
        return answer.room.nextRoom?.code ?? next
    }

    /// Whether room `code` is there and not closed.
    private func isOpen(_ code: RoomCode) async throws -> Bool {
        guard let (stored, _) = try await database.room(code, with: .none) else { return false }
        return stored.closedAt == nil
    }
}
