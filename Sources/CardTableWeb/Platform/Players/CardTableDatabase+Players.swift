import CardTableBasics
import CardTableStorage
import Foundation

extension DatabaseTransaction {
    /// Stores `player` unless they are stored: called by every save, since a player is only
    /// stored once they do something worth keeping.
    func storePlayer(_ player: PlayerID, at now: Date) throws {
        try execute(.storing(player, at: now))
    }

    /// Stores the player if need be, and makes their other changes wait for this transaction to
    /// end: on PostgreSQL their row is locked (a first move has no game row to lock); SQLite's
    /// single writer already runs each write transaction alone. Every change of a player's starts
    /// here, so what it saves may name them.
    func lockPlayer(_ player: PlayerID, at now: Date) throws {
        guard dialect.locksRows else { return try storePlayer(player, at: now) }
        // NB: a stored player (every move but their first) costs one statement: the lock. A first
        // move stores them, then locks the row, whether this transaction stored it or another's
        // first move, committed meanwhile, did.
        if try lockStored(player) { return }
        try storePlayer(player, at: now)
        _ = try lockStored(player)
    }

    /// Locks `player`'s row; false when they are not stored (as this statement's snapshot sees).
    private func lockStored(_ player: PlayerID) throws -> Bool {
        try !rows("SELECT id FROM player WHERE id = \(player.rawValue)\(SQL.forUpdate)") { _ in () }.isEmpty
    }

    /// When `player`'s last visit was noted (or when they were stored); nil when they are not
    /// stored.
    ///
    /// A player's row is never set aside, since their themes, games and history would go with it
    /// (the foreign keys' cascade): a moment that cannot be read is set to `now` instead, and the
    /// row as it was is copied to the quarantine.
    func lastVisit(of player: PlayerID, at now: Date) throws -> Date? {
        let columns = ["created_at", "last_seen_at"]
        let found = try firstRow(
            "SELECT created_at, last_seen_at FROM player WHERE id = \(player.rawValue)"
        ) { row in columns.map { column in Result { try row(column) as Date? } } }
        guard let found else { return nil }
        var repairs: [String: SQLValue] = [:]
        var firstError: (any Error)?
        let moments = zip(columns, found).map { column, moment in
            do {
                return try moment.get()
            } catch {
                repairs[column] = .date(now)
                firstError = firstError ?? error
                return now
            }
        }
        if let firstError {
            try keepRepaired(
                from: "player", key: ["id": .text(player.rawValue)], repairs, because: firstError)
        }
        return moments[1] ?? moments[0] ?? now
    }

    /// Notes that `player` visited at `now`, if they are stored.
    func noteVisit(of player: PlayerID, at now: Date) throws {
        try execute("UPDATE player SET last_seen_at = \(now) WHERE id = \(player.rawValue)")
    }
}

/// Players: who is stored, when they were last seen, and forgetting those who stopped coming. A
/// player is stored by their first move (see ``DatabaseTransaction/lockPlayer(_:at:)``); these
/// are the visits and the sweep.
extension CardTableDatabase {
    /// Notes that a stored player visited on `device`, when their last noted visit, or the
    /// device's, is a day old or more: the player's last visit moves on (the sweep of forgotten
    /// players reads it, so any device's visit counts) and the device is recorded (listed on
    /// `/devices`). A player who is not stored stays unstored.
    /// - Returns: When the next visit needs noting (a player stored later is stored as seen then,
    ///   and their device recorded at the next noting).
    @discardableResult
    func noteVisit(of player: PlayerID, on device: DeviceID, named name: DeviceName, at now: Date)
        async throws
        -> Date
    {
        let interval = PlayerID.visitNotingInterval
        // NB: a device without a row has no noted visit, so it is due at once.
        let (isStored, lastNoted) = try await read { transaction -> (Bool, Date?) in
            guard let player = try transaction.lastVisit(of: player, at: now) else { return (false, nil) }
            return (true, try transaction.lastSeen(of: device, at: now).map { min($0, player) })
        }
        guard isStored else { return now.addingTimeInterval(interval) }
        if let lastNoted, now.timeIntervalSince(lastNoted) < interval {
            return lastNoted.addingTimeInterval(interval)
        }
        try await write { transaction in
            try transaction.noteVisit(of: player, at: now)
            try transaction.recordDevice(device, of: player, named: name, at: now)
        }
        return now.addingTimeInterval(interval)
    }

    /// Whether `player` is stored and was given their cookie before cookies were signed.
    func hasUnsignedCookie(_ player: PlayerID) async throws -> Bool {
        try await read { transaction in
            try transaction.firstRow(
                "SELECT 1 AS found FROM player WHERE id = \(player.rawValue) AND unsigned_cookie = \(true)"
            ) { _ in true } ?? false
        }
    }

    /// Deletes every player not seen since `cutoff`, with their themes and games (the foreign
    /// keys' cascade), but never the owner of the shared built-in themes.
    /// - Returns: How many players were deleted.
    func sweepPlayers(notSeenSince cutoff: Date) async throws -> Int {
        try await write { transaction in
            try transaction.execute(
                """
                DELETE FROM player WHERE coalesce(last_seen_at, created_at) < \(cutoff)
                    AND id <> \(SharedThemes.owner)
                """)
        }
    }
}

extension PlayerID {
    /// How often a returning player's last visit is written down: the sweep needs days, not seconds.
    static let visitNotingInterval: TimeInterval = 24 * 60 * 60
}
