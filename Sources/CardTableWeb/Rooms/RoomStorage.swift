import CardTableBasics
import CardTableStorage
import Foundation

/// The channel that carries "CODE NUMBER" when a room's log grows to event NUMBER, on
/// PostgreSQL (see ``PostgresRoomEventListener``); SQLite's instance is the only one and hears
/// its own events.
let roomEventsChannel = "cardtable_room_events"

extension DatabaseTransaction {
    /// The room with `code`, if there is one. A row that cannot be read is set aside with its
    /// events, and the room is no more.
    func room(_ code: RoomCode) throws -> StoredRoom? {
        try roomAndVersion(code)?.stored
    }

    /// ``room(_:)``, with the version of its row (see ``RowVersion``). In a write transaction on
    /// PostgreSQL the row stays locked until it ends, so a move sent there after losing races
    /// (see ``PostgresDatabase/move(_:)``) is saved at last.
    func roomAndVersion(_ code: RoomCode) throws -> (stored: StoredRoom, version: RowVersion)? {
        let lock = canWrite ? SQL.forUpdate : ""
        let found = try firstRow(
            """
            SELECT state, last_event, closed_at, \(RowVersion.column(of: "room")) FROM room
            WHERE code = \(code.rawValue)\(lock)
            """
        ) { row in
            Result {
                (
                    StoredRoom(
                        room: try RoomDocuments.shared.room(code, storedAs: row("state")),
                        lastEvent: try row("last_event"),
                        closedAt: try row("closed_at")),
                    try RowVersion(row)
                )
            }
        }
        return try found.flatMap { result in
            try readOrSetAside(from: "room", key: ["code": .text(code.rawValue)]) { try result.get() }
        }
    }

    /// The room with `code` as a move starts from it: in one that keeps ``savedRows``
    /// (PostgreSQL's, outside a transaction block), as this instance last saved it, unread (the
    /// move's save finds out whether anyone changed it since); else ``roomAndVersion(_:)``.
    func roomForMove(_ code: RoomCode) throws -> MoveStart<StoredRoom>? {
        if let remembered = remembered(.room(code), as: StoredRoom.self) { return remembered }
        return try roomAndVersion(code).map {
            MoveStart(read: $0.stored, version: $0.version, key: .room(code))
        }
    }

    /// Stores a new room made by its host, unless a room has its code.
    /// - Returns: Whether it was stored.
    func insert(_ room: Room, at now: Date) throws -> Bool {
        try execute(
            """
            INSERT INTO room (code, game, host_id, state, last_event, created_at, active_at, pace)
            VALUES (\(room.code.rawValue), \(room.game.rawValue), \(room.host.player.rawValue),
                \(try JSONText.encode(room)), 0, \(now), \(now), \(room.pace == .live ? nil : room.pace.rawValue))
            ON CONFLICT (code) DO NOTHING
            """) == 1
    }

    /// Appends what happened to the room's log as numbered events, each with the view after
    /// all of them, and saves the room (its state only when `savingState`), only if it is still as `version` was read (see
    /// ``saveUnlessChanged(_:key:since:storing:at:with:notifying:while:remembering:)``), with `finished` games in
    /// their players' histories; the room counts as active now. On PostgreSQL this is one
    /// statement, and the other instances hear of the new last event when it commits.
    /// - Returns: The events' JSON, in order.
    /// - Throws: ``ChangedMeanwhile`` when the room had changed, so nothing was saved.
    func record(
        _ happenings: [RoomHappening], in stored: inout StoredRoom, at now: Date,
        unlessChangedSince version: RowVersion, finishing finished: [(player: PlayerID, game: FinishedGame)],
        savingState: Bool = true
    ) throws -> [String] {
        guard !happenings.isEmpty || !finished.isEmpty else { return [] }
        let code = stored.room.code.rawValue
        let events = try stored.append(happenings).map { event in (event, try JSONText.encode(event)) }
        let eventRows = events.map { event, body in
            AddedRow(
                table: "room_event",
                values: [
                    ("room_code", .text(code)), ("number", event.number.sqlValue),
                    ("game_number", event.game.sqlValue), ("body", .text(body)),
                    ("created_at", .date(now)),
                    ("talk", event.kind.isTalk ? .text(event.kind.rawValue) : .null),
                ])
        }
        // NB: a room its change left as it was is not written again (encoding it is most of a move).
        let state: [(String, SQLValue)] =
            savingState ? [("state", .text(try RoomDocuments.shared.text(of: stored.room)))] : []
        // NB: the turn's columns in the same statement as the state, so they never disagree.
        let turn: [(String, SQLValue)] = [
            ("turn_due_at", stored.room.turnDue.map { .date($0) } ?? .null),
            ("turn_player_id", stored.room.dailyTurnPlayer.map { .text($0.rawValue) } ?? .null),
        ]
        let room = AddedRow(
            table: "room",
            values: [("code", .text(code))] + state + turn + [
                ("last_event", stored.lastEvent.sqlValue), ("active_at", .date(now)),
            ])
        try saveUnlessChanged(
            room, key: ["code"], since: version, storing: finished.map(\.player), at: now,
            with: try eventRows + finished.map { try $0.game.row(for: $0.player) },
            notifying: (
                roomEventsChannel,
                PostgresRoomEventListener.payload(
                    stored.room.code, lastEvent: stored.lastEvent, hasBots: !stored.room.bots.isEmpty)
            ), remembering: stored)
        for (_, body) in events { RoomEvent.rememberStored(body) }
        return events.map(\.1)
    }

    /// The events of room `code` that `range` names (`lastEvent` is the room's last), oldest
    /// first. An event that cannot be read is set aside and left out: the room's state is its own
    /// row, not made from its events, so members are sent the next one (their pages redraw from
    /// the room), and a replay shows the table after the next one.
    func roomEvents(_ code: RoomCode, _ range: RoomEventRange, lastEvent: Int) throws -> [String] {
        try numberedRoomEvents(code, range, lastEvent: lastEvent).map(\.body)
    }

    /// ``roomEvents(_:_:lastEvent:)`` with each event's number.
    func numberedRoomEvents(_ code: RoomCode, _ range: RoomEventRange, lastEvent: Int) throws -> [(
        number: Int, body: String
    )] {
        let which: SQL
        switch range {
        case .none: return []
        case .after(let after, let limit): which = "number > \(after) ORDER BY number LIMIT \(limit)"
        case .lastPlay(let count):
            // NB: the newest first, to take the last `count`; put back in order below.
            which = "talk IS NULL ORDER BY number DESC LIMIT \(count)"
        case .game(let game): which = "game_number = \(game) AND talk IS NULL ORDER BY number"
        case .lastChat(let count): which = "talk = 'chat' ORDER BY number DESC LIMIT \(count)"
        }
        let events = try rows(
            "SELECT number, body FROM room_event WHERE room_code = \(code.rawValue) AND \(which)",
            settingAsideFrom: "room_event",
            key: { ["room_code": .text(code.rawValue), "number": .integer(try $0("number"))] }
        ) { row -> (number: Int, body: String) in
            let body: String = try row("body")
            try RoomEvent.checkStored(body)
            return (try row("number"), body)
        }
        return range.isNewestFirst ? events.reversed() : events
    }

    /// See ``CardTableDatabase/playEventCount(_:after:before:)``.
    func playEventCount(_ code: RoomCode, after: Int, before: Int) throws -> Int {
        try firstRow(
            """
            SELECT count(*) AS events FROM room_event
            WHERE room_code = \(code.rawValue) AND number > \(after) AND number < \(before) AND talk IS NULL
            """
        ) { try $0("events") as Int } ?? 0
    }

    /// Counts the rooms in `codes` as active now (their members are connected), but those active
    /// since `recently`: a room's move saves it only if its row is unchanged (see
    /// ``CardTableDatabase/move(_:)``), so a row changed needlessly would make a move run again.
    func touchRooms(_ codes: [RoomCode], at now: Date, unlessActiveSince recently: Date) throws {
        guard !codes.isEmpty else { return }
        try execute(
            """
            UPDATE room SET active_at = \(now)
            WHERE code IN (\(list: codes.map(\.rawValue))) AND closed_at IS NULL AND active_at < \(recently)
            """)
    }

    /// The open rooms nobody has been active in since `since` (rooms played a turn a day: since
    /// `dailySince`), locked on PostgreSQL.
    func roomsIdle(since: Date, dailySince: Date) throws -> [RoomCode] {
        try rows(
            """
            SELECT code FROM room WHERE closed_at IS NULL
                AND active_at < (CASE WHEN pace IS NULL THEN \(since) ELSE \(dailySince) END)
            ORDER BY code\(SQL.forUpdate)
            """
        ) { row in RoomCode(try row("code") as String) }.compactMap { $0 }
    }

    /// The rooms `host` made that are not closed.
    func openRooms(hostedBy host: PlayerID) throws -> [RoomCode] {
        try rows("SELECT code FROM room WHERE host_id = \(host.rawValue) AND closed_at IS NULL ORDER BY code")
        {
            RoomCode(try $0("code") as String)
        }.compactMap { $0 }
    }

    /// How many rooms `host` made that are not closed.
    func openRoomCount(hostedBy host: PlayerID) throws -> Int {
        try firstRow(
            "SELECT count(*) AS open FROM room WHERE host_id = \(host.rawValue) AND closed_at IS NULL"
        ) {
            try $0("open")
        } ?? 0
    }

    /// Deletes up to `limit` of the rooms closed before `cutoff`, the longest closed first; their
    /// events go with them (`ON DELETE CASCADE`). On PostgreSQL, instances sweeping at the same
    /// moment delete different rooms (`SKIP LOCKED`).
    /// - Returns: How many were deleted.
    func deleteRooms(closedBefore cutoff: Date, limit: Int) throws -> Int {
        try execute(
            """
            DELETE FROM room WHERE code IN (
                SELECT code FROM room WHERE closed_at < \(cutoff) ORDER BY closed_at LIMIT \(limit)\(
                SQL.dialect(sqlite: "", postgres: " FOR UPDATE SKIP LOCKED")))
            """)
    }

    /// Marks the room closed at `now`.
    func close(_ code: RoomCode, at now: Date) throws {
        try execute("UPDATE room SET closed_at = \(now) WHERE code = \(code.rawValue)")
    }
}

extension SavedRows.Key {
    /// The row of room `code`, as its save names it.
    static func room(_ code: RoomCode) -> Self {
        Self(table: "room", values: [.text(code.rawValue)])
    }
}
