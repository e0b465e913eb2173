import Foundation
import GRDB

/// A room as stored: its state and the number of its last event.
struct StoredRoom: Sendable {
    var room: Room
    var lastEvent: Int
    /// When the room was closed for want of players; its events stay readable.
    var closedAt: Date?

    /// Numbers `happenings` as the log's next events, each carrying the room's view after all
    /// of them, and counts them in ``lastEvent``.
    mutating func append(_ happenings: [RoomHappening]) -> [RoomEvent] {
        let view = RoomView(room)
        return happenings.map { happening in
            lastEvent += 1
            return RoomEvent(
                number: lastEvent, game: room.gameNumber, kind: happening.kind, text: happening.text,
                member: happening.member, cards: happening.cards, view: view)
        }
    }
}

extension CardTableStore.Transaction {
    /// The room with `code`, if there is one. A row that cannot be read is set aside with its
    /// events (see ``DamagedRow/setAside(in:)``), and the room is no more.
    func room(_ code: RoomCode) throws -> StoredRoom? {
        guard let row = try cachedRow("SELECT * FROM room WHERE code = ?", [code.rawValue]) else {
            return nil
        }
        return try readOrSetAside(row, of: "room") {
            StoredRoom(
                room: try JSONText.decode(Room.self, from: row.decode(forColumn: "state")),
                lastEvent: try row.decode(forColumn: "last_event"),
                closedAt: try row.decode(forColumn: "closed_at"))
        }
    }

    /// Whether a room, open or closed, has `code`.
    func roomExists(_ code: RoomCode) throws -> Bool {
        try cachedRow("SELECT 1 FROM room WHERE code = ?", [code.rawValue]) != nil
    }

    /// Stores a new room made by its host (storing the host if need be).
    func insert(_ room: Room, at now: Date) throws {
        try storePlayer(room.host.player, at: now)
        try db.cachedStatement(
            sql: """
                INSERT INTO room (code, game, host_id, state, last_event, created_at, active_at)
                VALUES (?, ?, ?, ?, 0, ?, ?)
                """
        ).execute(arguments: [
            room.code.rawValue, room.game.rawValue, room.host.player.rawValue, try JSONText.encode(room), now,
            now,
        ])
    }

    /// Appends what happened to the room's log as numbered events, each with the view after
    /// all of them, and saves the room; the room counts as active now.
    /// - Returns: The events' JSON, in order.
    func record(_ happenings: [RoomHappening], in stored: inout StoredRoom, at now: Date) throws -> [String] {
        guard !happenings.isEmpty else { return [] }
        var bodies: [String] = []
        for event in stored.append(happenings) {
            let body = try JSONText.encode(event)
            try db.cachedStatement(
                sql:
                    "INSERT INTO room_event (room_code, number, game_number, body, created_at) VALUES (?, ?, ?, ?, ?)"
            ).execute(arguments: [stored.room.code.rawValue, event.number, event.game, body, now])
            RoomEvent.rememberStored(body)
            bodies.append(body)
        }
        try db.cachedStatement(
            sql: "UPDATE room SET state = ?, last_event = ?, active_at = ? WHERE code = ?"
        ).execute(arguments: [
            try JSONText.encode(stored.room), stored.lastEvent, now, stored.room.code.rawValue,
        ])
        return bodies
    }

    /// The room's events after number `after`, oldest first, at most `limit`. An event that
    /// cannot be read is set aside and left out (see ``storedEvent(_:)``).
    func roomEvents(_ code: RoomCode, after: Int, limit: Int) throws -> [String] {
        try decodedRows(
            "SELECT * FROM room_event WHERE room_code = ? AND number > ? ORDER BY number LIMIT ?",
            [code.rawValue, after, limit], of: "room_event", Self.storedEvent)
    }

    /// The events of one of the room's games, oldest first, for its replay; one that cannot be
    /// read is set aside and left out.
    func roomEvents(_ code: RoomCode, game: Int) throws -> [String] {
        try decodedRows(
            "SELECT * FROM room_event WHERE room_code = ? AND game_number = ? ORDER BY number",
            [code.rawValue, game], of: "room_event", Self.storedEvent)
    }

    /// An event's body, once it reads as an event. The room's state is its own row, not made
    /// from its events, so an event that cannot be read is only left out: members are sent the
    /// next one (their pages redraw from the room), and a replay shows the table after the
    /// next one.
    private static func storedEvent(_ row: Row) throws -> String {
        let body: String = try row.decode(forColumn: "body")
        try RoomEvent.checkStored(body)
        return body
    }
}

extension CardTableStore.Transaction {
    /// Counts the rooms in `codes` as active now (their members are connected).
    func touchRooms(_ codes: [RoomCode], at now: Date) throws {
        for code in codes {
            try db.cachedStatement(sql: "UPDATE room SET active_at = ? WHERE code = ? AND closed_at IS NULL")
                .execute(arguments: [now, code.rawValue])
        }
    }

    /// The open rooms nobody has been active in since `since`.
    func roomsIdle(since: Date) throws -> [RoomCode] {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT code FROM room WHERE closed_at IS NULL AND active_at < ?"),
            arguments: [since]
        ).compactMap { RoomCode($0) }
    }

    /// How many rooms `host` made that are not closed.
    func openRoomCount(hostedBy host: PlayerID) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM room WHERE host_id = ? AND closed_at IS NULL"),
            arguments: [host.rawValue]) ?? 0
    }

    /// Deletes up to `limit` of the rooms closed before `cutoff`, the longest closed first; their
    /// events go with them (`ON DELETE CASCADE`).
    /// - Returns: How many were deleted.
    func deleteRooms(closedBefore cutoff: Date, limit: Int) throws -> Int {
        try db.cachedStatement(
            sql: """
                DELETE FROM room WHERE code IN (
                    SELECT code FROM room WHERE closed_at < ? ORDER BY closed_at LIMIT ?)
                """
        ).execute(arguments: [cutoff, limit])
        return db.changesCount
    }

    /// Marks the room closed at `now`.
    func close(_ code: RoomCode, at now: Date) throws {
        try db.cachedStatement(sql: "UPDATE room SET closed_at = ? WHERE code = ?")
            .execute(arguments: [now, code.rawValue])
    }
}
