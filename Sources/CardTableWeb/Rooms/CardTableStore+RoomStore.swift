import Foundation

/// Rooms in SQLite: every change in one write transaction, which SQLite runs one at a time.
extension CardTableStore: RoomStore {
    func createRoom(
        at now: Date, maximumOpenRooms: Int, code: @escaping @Sendable () -> RoomCode,
        _ make: @escaping @Sendable (RoomCode) -> (Room, [RoomHappening])
    ) async throws -> RoomChange {
        try await write { transaction in
            var free = code()
            while try transaction.roomExists(free) { free = code() }
            let (room, happenings) = make(free)
            guard try transaction.openRoomCount(hostedBy: room.host.player) < maximumOpenRooms else {
                throw RoomRefusal.tooManyOpenRooms(maximum: maximumOpenRooms)
            }
            var stored = StoredRoom(room: room, lastEvent: 0)
            try transaction.insert(room, at: now)
            let events = try transaction.record(happenings, in: &stored, at: now)
            return RoomChange(stored: stored, events: events)
        }
    }

    func changeRoom(
        _ code: RoomCode, at now: Date,
        _ change: @escaping @Sendable (inout StoredRoom, Date) throws -> [RoomHappening]
    ) async throws -> RoomChange? {
        try await write { transaction in
            guard var stored = try transaction.room(code) else { return nil }
            let before = stored.room
            let happenings = try change(&stored, now)
            for (player, finished) in stored.room.finishedGames(since: before, at: now) {
                try transaction.record(finished, for: player)
            }
            let events = try transaction.record(happenings, in: &stored, at: now)
            return RoomChange(stored: stored, events: events)
        }
    }

    func room(_ code: RoomCode, with events: RoomEventRange) async throws -> (
        stored: StoredRoom, events: [String]
    )? {
        try await read { transaction in
            guard let stored = try transaction.room(code) else { return nil }
            return (stored, try transaction.roomEvents(code, events, lastEvent: stored.lastEvent))
        }
    }

    func closeRooms(
        idleSince: Date, connected: [RoomCode], at now: Date, saying happening: RoomHappening
    ) async throws -> [RoomCode] {
        try await write { transaction in
            try transaction.touchRooms(connected, at: now)
            let idle = try transaction.roomsIdle(since: idleSince)
            for code in idle {
                guard var stored = try transaction.room(code) else { continue }
                _ = try transaction.record([happening], in: &stored, at: now)
                try transaction.close(code, at: now)
            }
            return idle
        }
    }

    func deleteRooms(closedBefore cutoff: Date, limit: Int) async throws -> Int {
        try await write { transaction in try transaction.deleteRooms(closedBefore: cutoff, limit: limit) }
    }
}

extension CardTableStore.Transaction {
    /// The events of room `code` that `range` names (`lastEvent` is the room's last).
    func roomEvents(_ code: RoomCode, _ range: RoomEventRange, lastEvent: Int) throws -> [String] {
        switch range {
        case .none: []
        case .after(let after, let limit): try roomEvents(code, after: after, limit: limit)
        case .last(let count): try roomEvents(code, after: max(0, lastEvent - count), limit: count)
        case .game(let game): try roomEvents(code, game: game)
        }
    }
}
