import CardTableBasics
import CardTableStorage
import Foundation

/// Rooms and their event logs, in SQLite or in PostgreSQL shared by several CardTable instances.
/// Every method is one transaction, except a change to a room, which is one move (see
/// ``CardTableDatabase/move(_:)``): it is saved only if no other change of the room was saved
/// since it read it, and runs again otherwise, so claims are judged one after another, in the
/// order they are saved, whichever instance took them.
extension CardTableDatabase {
    /// Stores a new room: `make` gets a code no room has (drawn from `code` until one is free) and
    /// answers the room and what happened first, which become its first events. The room's host
    /// is stored if need be, and their open rooms are counted in the same transaction, serialised
    /// with their other rooms' making, so requests at the same moment cannot pass the limit.
    /// - Throws: ``RoomRefusal/tooManyOpenRooms(maximum:)`` when the host already has
    ///   `maximumOpenRooms` rooms that are not closed; ``RoomRefusal/tooManyListedRooms(maximum:)``
    ///   when the room is listed under Open rooms and the host has `maximumListedRooms` listed
    ///   already; ``RoomRefusal/tooManyListedFromAddress(maximum:)`` when the host's address has
    ///   `maximumListedPerAddress`. Nothing is stored.
    func createRoom(
        at now: Date, maximumOpenRooms: Int, maximumListedRooms: Int = .max,
        maximumListedPerAddress: Int = .max, closing replaced: ReplacedRooms? = nil,
        code: @escaping @Sendable () -> RoomCode,
        _ make: @escaping @Sendable (RoomCode) -> (Room, [RoomHappening])
    ) async throws -> RoomChange {
        try await write { transaction in
            var (room, happenings) = make(code())
            let host = room.host.player
            // NB: on PostgreSQL the host's row stays locked until the commit, so the same host's
            // rooms made on any instance at the same moment are counted one after another.
            try transaction.lockPlayer(host, at: now)
            if let replaced { try transaction.close(replaced, of: host, at: now) }
            guard try transaction.openRoomCount(hostedBy: host) < maximumOpenRooms else {
                throw RoomRefusal.tooManyOpenRooms(maximum: maximumOpenRooms)
            }
            if room.isOpen {
                try transaction.checkListing(
                    of: room, at: now, maximumListedRooms: maximumListedRooms,
                    maximumListedPerAddress: maximumListedPerAddress)
            }
            while try !transaction.insert(room, at: now) {
                (room, happenings) = make(code())  // the code was taken: draw another
            }
            // NB: read back for its version, which no other transaction can change before the commit.
            guard let (read, version) = try transaction.roomAndVersion(room.code) else {
                throw ChangedMeanwhile()
            }
            var stored = read
            let events = try transaction.record(
                happenings, in: &stored, at: now, unlessChangedSince: version, finishing: [])
            return RoomChange(stored: stored, events: events)
        }
    }

    /// Applies `change` to the room with `code` and appends what happened to its log, numbered
    /// after its last event, each with the view after all of them; nothing is saved when `change`
    /// throws, and `change` runs again on the room as it is now when another change was saved
    /// since it read it (a change that leaves the room as it was, such as talk, saves only its
    /// events). The room counts as active at `now`. A game the change finishes joins
    /// every seated member's history in the same save, its people join each other's recent
    /// players, and a rated one changes their ratings (on PostgreSQL such a move runs in a write
    /// transaction: see ``DatabaseTransaction/noteRecentPlayers(in:finishing:at:)`` and
    /// ``DatabaseTransaction/rateGame(in:endedSince:at:)``).
    /// - Returns: The room and its new events' JSON, or nil when no room has `code`.
    func changeRoom(
        _ code: RoomCode, at now: Date,
        _ change: @escaping @Sendable (inout StoredRoom, Date) throws -> [RoomHappening]
    ) async throws -> RoomChange? {
        try await move { transaction in try transaction.changeRoom(code, at: now, change) }
    }

    /// The events of room `code` after number `after`, oldest first and numbered: at most `limit`
    /// (none for a room that is gone).
    func roomEvents(_ code: RoomCode, after: Int, limit: Int) async throws -> [(number: Int, body: String)] {
        try await read { try $0.numberedRoomEvents(code, .after(after, limit: limit), lastEvent: after) }
    }

    /// How many events of play (not talk) room `code` has between numbers `after` and `before`.
    func playEventCount(_ code: RoomCode, after: Int, before: Int) async throws -> Int {
        try await read { try $0.playEventCount(code, after: after, before: before) }
    }

    /// The room with `code` and the events of its log that `events` names, oldest first; nil when
    /// no room has `code`.
    func room(_ code: RoomCode, with events: RoomEventRange) async throws -> (
        stored: StoredRoom, events: [String]
    )? {
        try await read { transaction in
            guard let stored = try transaction.room(code) else { return nil }
            return (stored, try transaction.roomEvents(code, events, lastEvent: stored.lastEvent))
        }
    }

    /// Counts the rooms in `connected` as active at `now`, then closes every open room that has
    /// not been active since `idleSince` (a room played a turn a day: since `dailyIdleSince`),
    /// appending what `happening` says for its pace to its log.
    /// - Returns: The rooms closed.
    func closeRooms(
        idleSince: Date, dailyIdleSince: Date, connected: [RoomCode], at now: Date,
        saying happening: @escaping @Sendable (RoomPace) -> RoomHappening
    ) async throws -> [RoomCode] {
        try await write { transaction in
            // NB: a room active in the second half of its idle time cannot be closed yet.
            let halfway = idleSince.addingTimeInterval(now.timeIntervalSince(idleSince) / 2)
            try transaction.touchRooms(connected, at: now, unlessActiveSince: halfway)
            let idle = try transaction.roomsIdle(since: idleSince, dailySince: dailyIdleSince)
            for code in idle {
                guard let (read, version) = try transaction.roomAndVersion(code) else { continue }
                var stored = read
                _ = try transaction.record(
                    [happening(read.room.pace)], in: &stored, at: now, unlessChangedSince: version,
                    finishing: [])
                try transaction.close(code, at: now)
            }
            return idle
        }
    }

    /// Deletes up to `limit` rooms closed before `cutoff`, with their event logs (and so their
    /// replays); the finished games in players' histories stay.
    /// - Returns: How many rooms were deleted.
    func deleteRooms(closedBefore cutoff: Date, limit: Int) async throws -> Int {
        try await write { transaction in try transaction.deleteRooms(closedBefore: cutoff, limit: limit) }
    }
}

/// The host's open rooms a new room replaces: those `isReplaced` says, each closed with
/// `happening` in its log (a new game against the computer closes the host's earlier ones).
struct ReplacedRooms: Sendable {
    let isReplaced: @Sendable (Room) -> Bool
    let happening: RoomHappening
}

extension DatabaseTransaction {
    /// ``CardTableDatabase/changeRoom(_:at:_:)`` as one run of its move.
    func changeRoom(
        _ code: RoomCode, at now: Date,
        _ change: (inout StoredRoom, Date) throws -> [RoomHappening]
    ) throws -> RoomChange? {
        guard let start = try roomForMove(code) else { return nil }
        var stored = start.value
        let before = stored.room
        let happenings: [RoomHappening]
        do {
            happenings = try change(&stored, now)
        } catch {
            try endWithoutSaving(from: start)
            throw error
        }
        let finished = stored.room.finishedGames(since: before, at: now)
        try rateGame(in: &stored.room, endedSince: before, at: now)
        try noteRecentPlayers(in: stored.room, finishing: finished, at: now)
        // NB: before the room's row, as rating: a change of seats moves to a write transaction.
        try noteSeats(of: stored.room, since: before, at: now)
        guard !happenings.isEmpty || !finished.isEmpty else {
            // NB: `record` saves nothing either, so nothing would tell whether the room was
            // remembered as it still is.
            try endWithoutSaving(from: start)
            return RoomChange(stored: stored, events: [])
        }
        let events = try record(
            happenings, in: &stored, at: now, unlessChangedSince: start.version, finishing: finished,
            savingState: stored.room != before)
        return RoomChange(stored: stored, events: events, happenings: events.isEmpty ? [] : happenings)
    }

    /// Closes `host`'s open rooms that `replaced` names, at `now`.
    fileprivate func close(_ replaced: ReplacedRooms, of host: PlayerID, at now: Date) throws {
        for code in try openRooms(hostedBy: host) {
            guard let (read, version) = try roomAndVersion(code), replaced.isReplaced(read.room) else {
                continue
            }
            var stored = read
            _ = try record(
                [replaced.happening], in: &stored, at: now, unlessChangedSince: version, finishing: [])
            try close(code, at: now)
        }
    }
}

/// A room after a change, with the events the change added (their JSON, as sent to members).
struct RoomChange: Sendable {
    let stored: StoredRoom
    let events: [String]
    /// What the change's events say happened (for a change of a room's own, not a room made).
    var happenings: [RoomHappening] = []
}

/// Which events of a room's log to read along with it.
enum RoomEventRange: Sendable, Equatable {
    /// None.
    case none
    /// The events after number `after`, at most `limit`.
    case after(Int, limit: Int)
    /// The last `count` events of play (talk left out: chat messages and reactions).
    case lastPlay(Int)
    /// Every event of play of game number `game` (0 for the lobby's), talk left out.
    case game(Int)
    /// The last `count` chat messages.
    case lastChat(Int)

    /// Whether the query reads the newest first (the events are put back in order).
    var isNewestFirst: Bool {
        switch self {
        case .lastPlay, .lastChat: true
        case .none, .after, .game: false
        }
    }
}
