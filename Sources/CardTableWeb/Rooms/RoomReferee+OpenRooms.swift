import Foundation

/// Open rooms: the rooms hosts list for anyone to join, and Quick play, which seats a player in
/// one of them.
extension RoomReferee {
    /// The most rooms Open rooms shows.
    static let openListLimit = 50

    /// The rooms listed under Open rooms, oldest first, with when each was made.
    func openRooms() async throws -> [(room: Room, createdAt: Date)] {
        try await database.openRooms(limit: Self.openListLimit)
    }

    /// Lists room `code` under Open rooms, or takes it off (its host only).
    /// - Throws: ``AppError/limitReached(_:)`` when the host lists ``maximumListedRooms`` already.
    func setOpen(_ open: Bool, in code: RoomCode, for player: PlayerID) async throws -> Answer {
        let change: RoomChange?
        do {
            change = try await database.changeRoomListing(
                code, at: environment.now(), maximumListedRooms: Self.maximumListedRooms
            ) { stored, now in
                try Self.requireNotClosed(stored)
                return try stored.room.setOpen(open, by: player, at: now)
            }
        } catch let refusal as RoomRefusal {
            throw refusal.appError
        }
        return try await published(change, code)
    }

    /// Seats `player` at an open Set table: the room they wait in already, else the oldest open
    /// Set room still in its lobby with a free seat, which they join as `name`; else a new open
    /// Set room they host.
    /// - Returns: The room they are in.
    func quickPlay(as name: DisplayName, for player: PlayerID) async throws -> RoomCode {
        let waiting = try await database.read { transaction in
            try transaction.listedRooms(limit: Self.openListLimit * 2).map(\.room).filter {
                $0.game == .set && $0.phase == .lobby
            }
        }
        if let own = waiting.first(where: { $0.member(for: player) != nil }) { return own.code }
        for room in waiting where room.hasFreeSeat {
            do {
                // NB: judged again as it is now: it may have started or filled meanwhile.
                let answer = try await act(on: room.code) { room, _ throws(RoomRefusal) in
                    guard room.isListed, room.phase == .lobby else { throw .alreadyStarted }
                    guard room.hasFreeSeat else { throw .full }
                    return try room.join(player, as: name)
                }
                await remember(name, of: player)
                return answer.room.code
            } catch let error as AppError where error.status.code < 500 {
                continue  // the name taken, or full, started, closed or gone meanwhile: the next one
            }
        }
        return try await create(.set, themeID: nil, hostName: name, open: true, for: player).room.code
    }
}
