import CardTableHTTP
import Foundation

extension StoredRoom {
    /// The numbers of the room's games that can be replayed: every game that ended, and the
    /// last one too once the room has closed (no move can follow).
    var replayableGames: [Int] {
        let room = room
        let lastIsDone = room.phase == .finished || (closedAt != nil && room.phase == .playing)
        return Array(1..<max(1, room.gameNumber)) + (lastIsDone ? [room.gameNumber] : [])
    }
}

extension RoomReferee {
    /// The room and the events of its game number `game`, oldest first, for a replay.
    /// - Throws: Not found when there is no such room (perhaps deleted, ``RoomSweep/retention``
    ///   after it closed) or it has no such game; a conflict while it is being played.
    func replay(_ code: RoomCode, game: Int) async throws -> (stored: StoredRoom, events: [String]) {
        guard let (stored, events) = try await database.room(code, with: .game(game)) else {
            throw Self.noSuchReplay(code)
        }
        let played = stored.room.gameNumber
        guard played > 0 else {
            throw AppError.notFound("Room \(code) has not played a game yet, so there is nothing to replay.")
        }
        guard (1...played).contains(game) else {
            let games = played == 1 ? "one game" : "\(played) games"
            throw AppError.notFound(
                "Room \(code) has played \(games), so there is no game \(game): ask for 1 to \(played).")
        }
        guard stored.replayableGames.contains(game) else {
            throw AppError.conflict(
                "Game \(game) of room \(code) is still being played; its replay opens when it ends.")
        }
        return (stored, events)
    }

    /// What a replay link of a room that is not there answers: it may have been deleted.
    static func noSuchReplay(_ code: RoomCode) -> AppError {
        AppError.notFound(
            "There is no room \(code) to replay: the code is wrong, or the room was deleted with its replays "
                + "30 days after it closed.")
    }
}
