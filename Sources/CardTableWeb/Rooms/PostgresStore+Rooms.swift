import Foundation
import PostgresNIO

/// Rooms in PostgreSQL: a change locks the room's row (`SELECT … FOR UPDATE`) for its
/// transaction, so changes to one room from any number of instances run one after another, and
/// each appended event is announced on ``PostgresStore/roomEventsChannel`` when it commits.
extension PostgresStore: RoomStore {
    /// The channel that carries "CODE NUMBER" when a room's log grows to event NUMBER.
    static let roomEventsChannel = "cardtable_room_events"

    func createRoom(
        at now: Date, maximumOpenRooms: Int, code: @escaping @Sendable () -> RoomCode,
        _ make: @escaping @Sendable (RoomCode) -> (Room, [RoomHappening])
    ) async throws -> RoomChange {
        try await transaction { connection in
            var (room, happenings) = make(code())
            let host = room.host.player
            // NB: the host's row stays locked until the commit, so the same host's rooms made on
            // any instance at the same moment are counted one after another.
            try await lockPlayer(host, at: now, on: connection)
            let counted = try await connection.query(
                "SELECT count(*) FROM room WHERE host_id = \(host.rawValue) AND closed_at IS NULL",
                logger: logger)
            var open = 0
            for try await count in counted.decode(Int.self) { open = count }
            guard open < maximumOpenRooms else {
                throw RoomRefusal.tooManyOpenRooms(maximum: maximumOpenRooms)
            }
            while true {
                let inserted = try await connection.query(
                    """
                    INSERT INTO room (code, game, host_id, state, last_event, created_at, active_at)
                    VALUES (\(room.code.rawValue), \(room.game.rawValue), \(host.rawValue),
                        \(try JSONText.encode(room)), 0, \(now), \(now))
                    ON CONFLICT (code) DO NOTHING RETURNING code
                    """, logger: logger
                ).collect()
                guard !inserted.isEmpty else {
                    (room, happenings) = make(code())  // the code was taken: draw another
                    continue
                }
                var stored = StoredRoom(room: room, lastEvent: 0)
                let events = try await record(happenings, in: &stored, at: now, on: connection)
                return RoomChange(stored: stored, events: events)
            }
        }
    }

    func changeRoom(
        _ code: RoomCode, at now: Date,
        _ change: @escaping @Sendable (inout StoredRoom, Date) throws -> [RoomHappening]
    ) async throws -> RoomChange? {
        try await transaction { connection in
            guard var stored = try await room(code, on: connection, locking: true, canSetAside: true) else {
                return nil
            }
            let before = stored.room
            let happenings = try change(&stored, now)
            for (player, finished) in stored.room.finishedGames(since: before, at: now) {
                try await record(finished, for: player, on: connection)
            }
            let events = try await record(happenings, in: &stored, at: now, on: connection)
            return RoomChange(stored: stored, events: events)
        }
    }

    func room(_ code: RoomCode, with range: RoomEventRange) async throws -> (
        stored: StoredRoom, events: [String]
    )? {
        try await snapshot { connection, canSetAside in
            guard let stored = try await room(code, on: connection, locking: false, canSetAside: canSetAside)
            else { return nil }
            let key = code.rawValue
            let rows: PostgresRowSequence
            switch range {
            case .none:
                return (stored, [])
            case .after(let after, let limit):
                rows = try await connection.query(
                    """
                    SELECT number, body FROM room_event WHERE room_code = \(key) AND number > \(after)
                    ORDER BY number LIMIT \(limit)
                    """, logger: logger)
            case .last(let count):
                rows = try await connection.query(
                    """
                    SELECT number, body FROM room_event WHERE room_code = \(key) AND number > \(stored.lastEvent - count)
                    ORDER BY number
                    """, logger: logger)
            case .game(let game):
                rows = try await connection.query(
                    """
                    SELECT number, body FROM room_event WHERE room_code = \(key) AND game_number = \(game)
                    ORDER BY number
                    """, logger: logger)
            }
            var events: [String] = []
            var unreadable: [(number: Int, error: any Error)] = []
            for try await (number, body) in rows.decode((Int, String).self) {
                do {
                    try RoomEvent.checkStored(body)
                    events.append(body)
                } catch {
                    unreadable.append((number, error))
                }
            }
            // NB: an event that cannot be read is left out: the room's state is its own row.
            guard unreadable.isEmpty || canSetAside else { throw DamagedRow.NeedsWriting() }
            for (number, error) in unreadable {
                try await setAside(
                    from: "room_event", key: ["room_code": .text(key), "number": .number(Int64(number))],
                    because: error, on: connection)
            }
            return (stored, events)
        }
    }

    func closeRooms(
        idleSince: Date, connected: [RoomCode], at now: Date, saying happening: RoomHappening
    ) async throws -> [RoomCode] {
        try await transaction { connection in
            try await connection.query(
                """
                UPDATE room SET active_at = \(now)
                WHERE code = ANY(\(connected.map(\.rawValue))) AND closed_at IS NULL
                """, logger: logger)
            let idle = try await connection.query(
                "SELECT code FROM room WHERE closed_at IS NULL AND active_at < \(idleSince) ORDER BY code FOR UPDATE",
                logger: logger)
            var codes: [RoomCode] = []
            for try await text in idle.decode(String.self) {
                if let code = RoomCode(text) { codes.append(code) }
            }
            for code in codes {
                guard var stored = try await room(code, on: connection, locking: false, canSetAside: true)
                else {
                    continue
                }
                _ = try await record([happening], in: &stored, at: now, on: connection)
                try await connection.query(
                    "UPDATE room SET closed_at = \(now) WHERE code = \(code.rawValue)", logger: logger)
            }
            return codes
        }
    }

    func deleteRooms(closedBefore cutoff: Date, limit: Int) async throws -> Int {
        try await transaction { connection in
            // NB: SKIP LOCKED: instances sweeping at the same moment delete different rooms.
            let deleted = try await connection.query(
                """
                DELETE FROM room WHERE code IN (
                    SELECT code FROM room WHERE closed_at < \(cutoff) ORDER BY closed_at LIMIT \(limit)
                    FOR UPDATE SKIP LOCKED)
                RETURNING code
                """, logger: logger)
            var count = 0
            for try await _ in deleted.decode(String.self) { count += 1 }
            return count
        }
    }

    // MARK: - Private

    /// The room with `code`, its row locked until the transaction ends when `locking`. A row that
    /// cannot be read is set aside with its events when `canSetAside`, and the room is no more
    /// (otherwise ``DamagedRow/NeedsWriting`` is thrown).
    private func room(_ code: RoomCode, on connection: PostgresConnection, locking: Bool, canSetAside: Bool)
        async throws -> StoredRoom?
    {
        let rows = try await connection.query(
            locking
                ? "SELECT state, last_event, closed_at FROM room WHERE code = \(code.rawValue) FOR UPDATE"
                : "SELECT state, last_event, closed_at FROM room WHERE code = \(code.rawValue)",
            logger: logger)
        var found: (state: String, lastEvent: Int, closedAt: Date?)?
        for try await row in rows.decode((String, Int, Date?).self) { found = row }
        guard let found else { return nil }
        do {
            return StoredRoom(
                room: try JSONText.decode(Room.self, from: found.state), lastEvent: found.lastEvent,
                closedAt: found.closedAt)
        } catch {
            guard canSetAside else { throw DamagedRow.NeedsWriting() }
            try await setAside(
                from: "room", key: ["code": .text(code.rawValue)], because: error, on: connection)
            return nil
        }
    }

    /// Appends `happenings` to the room's log and saves the room (active at `now`); the channel
    /// hears of the new last event when the transaction commits.
    private func record(
        _ happenings: [RoomHappening], in stored: inout StoredRoom, at now: Date,
        on connection: PostgresConnection
    ) async throws -> [String] {
        guard !happenings.isEmpty else { return [] }
        let code = stored.room.code.rawValue
        var bodies: [String] = []
        for event in stored.append(happenings) {
            let body = try JSONText.encode(event)
            RoomEvent.rememberStored(body)
            try await connection.query(
                """
                INSERT INTO room_event (room_code, number, game_number, body, created_at)
                VALUES (\(code), \(event.number), \(event.game), \(body), \(now))
                """, logger: logger)
            bodies.append(body)
        }
        try await connection.query(
            """
            UPDATE room SET state = \(try JSONText.encode(stored.room)), last_event = \(stored.lastEvent),
                active_at = \(now)
            WHERE code = \(code)
            """, logger: logger)
        try await connection.query(
            "SELECT pg_notify(\(Self.roomEventsChannel), \("\(code) \(stored.lastEvent)"))", logger: logger)
        return bodies
    }
}
