import CardTableBasics
import CardTableHTTP
import Foundation

/// Open rooms: the rooms hosts list for anyone to join, and Quick play, which seats a player in
/// one of them.
extension RoomReferee {
    /// The most rooms Open rooms shows.
    static let openListLimit = 50
    /// How many rating points apart Quick play counts rooms as about as close to a player.
    static let quickPlayRatingStep = 100.0

    /// The rooms listed under Open rooms, oldest first, with when each was made, and the ratings
    /// of their members.
    func openRooms() async throws -> (rooms: [(room: Room, createdAt: Date)], ratings: RatingBook) {
        let now = environment.now()
        let rooms = try await database.openRooms(limit: Self.openListLimit, at: now)
        let players = rooms.flatMap { $0.room.membersHere.map(\.player) }
        let ratings = try await database.read { try $0.ratingBook(of: players, at: now) }
        return (rooms, ratings)
    }

    /// Lists room `code` under Open rooms, or takes it off (its host only, at `address`: see
    /// ``Room/listingAddress(_:)``).
    /// - Throws: ``AppError/limitReached(_:)`` when the host lists ``RoomLimits/listedRoomsPerHost``
    ///   already, or their address ``RoomLimits/listedRoomsPerAddress``.
    func setOpen(_ open: Bool, in code: RoomCode, for player: PlayerID, from address: String? = nil)
        async throws
        -> Answer
    {
        try await hub.holdingNews(of: code) { try await saveListing(open, code, for: player, from: address) }
    }

    private func saveListing(_ open: Bool, _ code: RoomCode, for player: PlayerID, from address: String?)
        async throws -> Answer
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

    /// Seats `player` at an open casual Set table (a rated one is chosen knowingly, from the list):
    /// the room they wait in already, else the listed casual Set room still in its lobby with a free seat whose players are closest to their rating (in
    /// steps of ``quickPlayRatingStep`` points, so rooms about as close compare by the rest) and
    /// that seems likeliest to start (its host is here; of those, the one with the most players
    /// here, then the one listed last), which they join as `name`; else a new open Set room they
    /// host, listed from `address`.
    /// - Returns: The room they are in.
    func quickPlay(as name: DisplayName, for player: PlayerID, from address: String? = nil) async throws
        -> RoomCode
    {
        let now = environment.now()
        let waiting = try await database.read { transaction in
            try transaction.listedRooms(limit: Self.openListLimit * 2).map(\.room).filter {
                $0.game == .set && !$0.isRated && $0.phase == .lobby && $0.isListed(at: now)
            }
        }
        if let own = waiting.first(where: { $0.member(for: player) != nil }) { return own.code }
        let open = waiting.filter { !$0.host.isAway && $0.hasFreeSeat }
        let ratings = try await database.read { transaction in
            try transaction.ratingBook(of: [player] + open.flatMap { $0.membersHere.map(\.player) }, at: now)
        }
        let step = Self.quickPlayRatingStep
        let likely = open.map { (room: $0, away: Int(ratings.distance(from: player, to: $0) / step)) }
            .sorted { one, other in
                (-one.away, one.room.membersHere.count, one.room.openSince ?? .distantPast)
                    > (-other.away, other.room.membersHere.count, other.room.openSince ?? .distantPast)
            }.map(\.room)
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
