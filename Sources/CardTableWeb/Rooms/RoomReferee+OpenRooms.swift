import CardTableBasics
import CardTableHTTP
import Foundation

/// Open rooms: the rooms hosts list for anyone to join, and Quick play, which seats a player in
/// one of them.
extension RoomReferee {
    /// The most rooms Open rooms shows.
    static let openListLimit = 50

    /// The rooms listed under Open rooms, oldest first, with when each was made.
    func openRooms() async throws -> [(room: Room, createdAt: Date)] {
        try await database.openRooms(limit: Self.openListLimit, at: environment.now())
    }

    /// Lists room `code` under Open rooms, or takes it off (its host only, at `address`: see
    /// ``Room/listingAddress(_:)``).
    /// - Throws: ``AppError/limitReached(_:)`` when the host lists ``RoomLimits/listedRoomsPerHost``
    ///   already, or their address ``RoomLimits/listedRoomsPerAddress``.
    func setOpen(_ open: Bool, in code: RoomCode, for player: PlayerID, from address: String? = nil)
        async throws
        -> Answer
    {
        let change: RoomChange?
        do {
            change = try await database.changeRoomListing(
                code, at: environment.now(), maximumListedRooms: limits.listedRoomsPerHost,
                maximumListedPerAddress: limits.listedRoomsPerAddress
            ) { stored, now in
                try Self.requireNotClosed(stored)
                return try stored.room.setOpen(open, by: player, from: address, at: now)
            }
        } catch let refusal as RoomRefusal {
            throw refusal.appError
        }
        return try await published(change, code)
    }

    /// Seats `player` at an open Set table: the room they wait in already, else the listed Set
    /// room still in its lobby that seems likeliest to start (its host is here; of those, the one
    /// with the most players here, then the one listed last) with a free seat, which they join as
    /// `name`; else a new open Set room they host, listed from `address`.
    /// - Returns: The room they are in.
    func quickPlay(as name: DisplayName, for player: PlayerID, from address: String? = nil) async throws
        -> RoomCode
    {
        let now = environment.now()
        let waiting = try await database.read { transaction in
            try transaction.listedRooms(limit: Self.openListLimit * 2).map(\.room).filter {
                $0.game == .set && $0.phase == .lobby && $0.isListed(at: now)
            }
        }
        if let own = waiting.first(where: { $0.member(for: player) != nil }) { return own.code }
        let likely = waiting.filter { !$0.host.isAway && $0.hasFreeSeat }.sorted { one, other in
            (one.membersHere.count, one.openSince ?? .distantPast)
                > (other.membersHere.count, other.openSince ?? .distantPast)
        }
        for room in likely {
            do {
                // NB: judged again as it is now: it may have started or filled meanwhile.
                let answer = try await act(on: room.code) { room, now throws(RoomRefusal) in
                    guard room.isListed(at: now), room.phase == .lobby else { throw .alreadyStarted }
                    guard room.hasFreeSeat else { throw .full }
                    return try room.join(player, as: name)
                }
                await remember(name, of: player)
                return answer.room.code
            } catch let error as AppError where error.status.code < 500 {
                continue  // the name taken, or full, started, closed or gone meanwhile: the next one
            }
        }
        return try await create(
            .set, themeID: nil, hostName: name, open: true, listedFrom: address, for: player
        )
        .room.code
    }
}
