import CardTableBasics
import CardTableStorage
import Foundation

/// Open rooms, read from the database every time, so every instance lists the same rooms and a room
/// that closes or is taken off the list leaves it at once. A room's listing lives in its state
/// (``Room/openSince``) like the rest of it; the query passes over rooms whose state does not
/// name it, and the state decides.
extension DatabaseTransaction {
    /// The rooms that are not closed and whose host listed them, oldest first, with when each
    /// was made: every host's, or `host`'s. A row that cannot be read is left out (the room's own
    /// page sets it aside).
    func listedRooms(hostedBy host: PlayerID? = nil, limit: Int) throws -> [(room: Room, createdAt: Date)] {
        let byHost: SQL = host.map { (host) -> SQL in " AND host_id = \(host.rawValue)" } ?? ""
        let found = try rows(
            """
            SELECT state, created_at FROM room
            WHERE closed_at IS NULL AND state LIKE '%"openSince"%'\(byHost)
            ORDER BY created_at, code LIMIT \(limit)
            """
        ) { row in (try? JSONText.decode(Room.self, from: row("state")), try row("created_at") as Date) }
        return found.compactMap { room, createdAt in
            guard let room, room.isOpen else { return nil }
            return (room, createdAt)
        }
    }

    /// Throws when `room`, about to be listed, would be one more than its host
    /// (`maximumListedRooms`) or the address that lists it (`maximumListedPerAddress`) may have
    /// listed at `now`.
    func checkListing(of room: Room, at now: Date, maximumListedRooms: Int, maximumListedPerAddress: Int)
        throws
    {
        // NB: all of them: a host has no more rooms open than ``RoomLimits/openRoomsPerHost``.
        let hosts = try listedRooms(hostedBy: room.host.player, limit: .max)
        guard
            hosts.count(where: { $0.room.isListed(at: now) && $0.room.code != room.code })
                < maximumListedRooms
        else { throw RoomRefusal.tooManyListedRooms(maximum: maximumListedRooms) }
        guard let address = room.openFrom else { return }
        let fromAddress = try rows(
            """
            SELECT state FROM room
            WHERE closed_at IS NULL AND code <> \(room.code.rawValue) AND state LIKE \("%\"openFrom\":\"\(address)\"%")
            """
        ) { row in try? JSONText.decode(Room.self, from: row("state")) }
        guard fromAddress.count(where: { $0?.isListed(at: now) == true }) < maximumListedPerAddress else {
            throw RoomRefusal.tooManyListedFromAddress(maximum: maximumListedPerAddress)
        }
    }
}

extension CardTableDatabase {
    /// The rooms Open rooms lists at `now` (see ``Room/isListed(at:)``), oldest first, at most
    /// `limit`, with when each was made.
    func openRooms(limit: Int, at now: Date) async throws -> [(room: Room, createdAt: Date)] {
        try await read { transaction in
            // NB: finished rooms are read too but not listed; a few more make up for them.
            Array(
                try transaction.listedRooms(limit: limit * 2).filter { $0.room.isListed(at: now) }.prefix(
                    limit))
        }
    }

    /// Like ``changeRoom(_:at:_:)``, for a change that may list the room under Open rooms: in one
    /// write transaction that locks the host's row (as ``createRoom(at:maximumOpenRooms:code:_:)``
    /// does), so a host's rooms listed at the same moment on any instance are counted one after
    /// another.
    /// - Throws: ``RoomRefusal/tooManyListedRooms(maximum:)`` when the change lists the room and
    ///   its host has `maximumListedRooms` listed already, or
    ///   ``RoomRefusal/tooManyListedFromAddress(maximum:)`` when its address has
    ///   `maximumListedPerAddress`; nothing is saved.
    func changeRoomListing(
        _ code: RoomCode, at now: Date, maximumListedRooms: Int, maximumListedPerAddress: Int,
        _ change: @escaping @Sendable (inout StoredRoom, Date) throws -> [RoomHappening]
    ) async throws -> RoomChange? {
        try await write { transaction in
            guard let (read, _) = try transaction.roomAndVersion(code) else { return nil }
            try transaction.lockPlayer(read.room.host.player, at: now)
            // NB: read again under the host's lock, for the version the save checks.
            guard let (again, version) = try transaction.roomAndVersion(code) else { return nil }
            var stored = again
            let listedSince = stored.room.openSince
            let happenings = try change(&stored, now)
            if stored.room.isOpen, stored.room.openSince != listedSince {
                try transaction.checkListing(
                    of: stored.room, at: now, maximumListedRooms: maximumListedRooms,
                    maximumListedPerAddress: maximumListedPerAddress)
            }
            let events = try transaction.record(
                happenings, in: &stored, at: now, unlessChangedSince: version, finishing: [])
            return RoomChange(stored: stored, events: events)
        }
    }
}
