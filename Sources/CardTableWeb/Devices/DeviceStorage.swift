import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation

/// What a device's cookie is worth now, by its row in `device`.
enum DeviceSession: Hashable, Sendable {
    /// No row: the device is its cookie's player's (it was never linked, listed or noted).
    case unrecorded
    /// The device is `player`'s: after a merge, not the player its cookie names.
    case player(PlayerID)
    /// The device was forgotten: its cookie names nobody, and its next request is a new visitor.
    case forgotten
}

/// One of a player's devices as `/devices` lists it.
struct DeviceListing: Hashable, Sendable {
    let id: DeviceID
    let name: String
    let firstSeenAt: Date
    /// When it linked with a code; nil for a device that never did (the player's first).
    let linkedAt: Date?
    let lastSeenAt: Date
}

/// What linking a device did.
struct DeviceLink: Hashable, Sendable {
    /// The player the device is now.
    let player: PlayerID
    /// What the device's own progress added to that player (``PlayerMerge/nothing`` when it had
    /// none, or was that player already).
    let merge: PlayerMerge
}

/// Devices and the codes that link them (issue 30): a player's browsers, each a device session
/// its cookie names, and link and recovery codes, stored as keyed digests only.
extension CardTableDatabase {
    /// Whose `device` is, by its row, at `now`.
    func deviceSession(_ device: DeviceID, at now: Date) async throws -> DeviceSession {
        try await read { try $0.deviceSession(device, at: now) }
    }

    /// Stores `code` as `player`'s, made on `device`: a link code good once until `expiresAt`,
    /// or a recovery code with no end (nil). Making one voids the player's earlier codes of its
    /// kind (and every used or expired link code goes); the player and the device are stored if
    /// they are not.
    /// - Throws: ``AppError/forbidden(_:)`` when the device was forgotten meanwhile.
    func storeDeviceCode(
        _ code: DeviceCode, expiresAt: Date?, for player: PlayerID, on device: DeviceID,
        named name: DeviceName,
        at now: Date, secret: ServerSecret
    ) async throws {
        try await write { transaction in
            try transaction.requireActingDevice(device, of: player, at: now)
            try transaction.lockPlayer(player, at: now)
            try transaction.recordDevice(device, of: player, named: name, at: now)
            try transaction.execute(
                "DELETE FROM device_code WHERE used_at IS NOT NULL OR expires_at <= \(now)")
            try transaction.execute(
                "DELETE FROM device_code WHERE player_id = \(player.rawValue) AND kind = \(code.kind.rawValue)"
            )
            try transaction.execute(
                """
                INSERT INTO device_code (digest, selector, player_id, device_id, kind, created_at, expires_at, used_at)
                VALUES (\(code.digest(keyedBy: secret)), \(code.selector(keyedBy: secret)), \(player.rawValue),
                    \(device.rawValue), \(code.kind.rawValue), \(now), \(expiresAt), NULL)
                """)
        }
    }

    /// Makes `device` (now `player`'s) the player `code` belongs to, merging what `player` earned
    /// into them; a link code is used up. Nil when the code is unknown, used or expired.
    /// - Throws: ``AppError/forbidden(_:)`` when the device was forgotten meanwhile.
    func linkDevice(
        _ device: DeviceID, named name: DeviceName, of player: PlayerID, with code: DeviceCode, at now: Date,
        secret: ServerSecret
    ) async throws -> DeviceLink? {
        try await write { transaction in
            try transaction.requireActingDevice(device, of: player, at: now)
            guard let owner = try transaction.redeem(code, at: now, secret: secret) else { return nil }
            let merge = try transaction.mergePlayer(player, into: owner, at: now)
            try transaction.lockPlayer(owner, at: now)
            try transaction.execute(
                """
                INSERT INTO device (id, player_id, name, first_seen_at, linked_at, last_seen_at, forgotten_at)
                VALUES (\(device.rawValue), \(owner.rawValue), \(name.description), \(now), \(now), \(now), NULL)
                ON CONFLICT (id) DO UPDATE SET player_id = excluded.player_id, name = excluded.name,
                    linked_at = excluded.linked_at, last_seen_at = excluded.last_seen_at
                """)
            return DeviceLink(player: owner, merge: merge)
        }
    }

    /// `player`'s devices, most recently seen first, with `device` (the one asking) recorded
    /// first when the player is stored.
    func devices(of player: PlayerID, recording device: DeviceID, named name: DeviceName, at now: Date)
        async throws -> [DeviceListing]
    {
        try await write { transaction in
            try transaction.recordDevice(device, of: player, named: name, at: now)
            let rows = try transaction.rows(
                """
                SELECT id, name, first_seen_at, linked_at, last_seen_at FROM device
                WHERE player_id = \(player.rawValue) AND forgotten_at IS NULL ORDER BY last_seen_at DESC, id
                """
            ) { row in (id: try row("id") as String, listing: ListedDeviceRow(row)) }
            return try rows.compactMap { id, row in
                guard let device = DeviceID(rawValue: id) else { return nil }
                return try row.listing(of: device, repairingIn: transaction, at: now)
            }
        }
    }

    /// Forgets `player`'s device `id`: its cookie names nobody from now on, and the codes it made
    /// (a link code not yet typed, a recovery code) are void.
    /// - Parameter acting: The device asking, which must still be the player's (see
    ///   ``DatabaseTransaction/requireActingDevice(_:of:at:)``); nil for none (a tool, a test).
    /// - Returns: Whether the player had such a device (not forgotten already).
    /// - Throws: ``DeviceRefusal/forgotten`` when the acting device was forgotten meanwhile.
    func forgetDevice(_ id: DeviceID, of player: PlayerID, by acting: DeviceID? = nil, at now: Date)
        async throws
        -> Bool
    {
        try await write { transaction in
            if let acting { try transaction.requireActingDevice(acting, of: player, at: now) }
            let forgotten = try transaction.execute(
                """
                UPDATE device SET forgotten_at = \(now)
                WHERE id = \(id.rawValue) AND player_id = \(player.rawValue) AND forgotten_at IS NULL
                """)
            guard forgotten == 1 else { return false }
            try transaction.execute("DELETE FROM device_code WHERE device_id = \(id.rawValue)")
            try transaction.deletePushSubscriptions(of: id)
            return true
        }
    }
}

extension DatabaseTransaction {
    /// See ``CardTableDatabase/deviceSession(_:at:)``.
    ///
    /// A row whose player or forgetting cannot be read is kept, forgotten at `now` (a copy as it
    /// was goes to the quarantine): a device that may have been signed out is never let back in.
    func deviceSession(_ device: DeviceID, at now: Date) throws -> DeviceSession {
        let found = try firstRow("SELECT player_id, forgotten_at FROM device WHERE id = \(device.rawValue)") {
            row in
            Result {
                (player: try row("player_id") as String, forgotten: try row("forgotten_at") as Date? != nil)
            }
        }
        guard let found else { return .unrecorded }
        switch found {
        case .success(let row):
            guard !row.forgotten, let player = PlayerID(rawValue: row.player) else { return .forgotten }
            return .player(player)
        case .failure(let error):
            try keepRepaired(
                from: "device", key: ["id": .text(device.rawValue)], ["forgotten_at": .date(now)],
                because: error)
            return .forgotten
        }
    }

    /// Checks, in the transaction that is to change something for `player`, that `device`, the
    /// one asking, is still theirs: not forgotten (on another instance, whose memory of sessions
    /// may be seconds behind), and not moved to another player by a link. Locks the rows of the
    /// player's devices and of `device` first, in one order, so that two such changes on two
    /// instances take turns (forgetting a device while it links: one of them, never both) and
    /// never wait on each other.
    /// - Throws: ``DeviceRefusal/forgotten`` when it is not theirs.
    func requireActingDevice(_ device: DeviceID, of player: PlayerID, at now: Date) throws {
        _ = try rows(
            """
            SELECT id FROM device WHERE id = \(device.rawValue) OR player_id = \(player.rawValue)
            ORDER BY id\(SQL.forUpdate)
            """
        ) { _ in () }
        switch try deviceSession(device, at: now) {
        case .unrecorded: return
        case .player(let owner) where owner == player: return
        case .player, .forgotten: throw DeviceRefusal.forgotten
        }
    }

    /// When `device` was last seen; nil when it has no row. A moment that cannot be read is set
    /// to `now` (a copy of the row as it was goes to the quarantine).
    func lastSeen(of device: DeviceID, at now: Date) throws -> Date? {
        let found = try firstRow("SELECT last_seen_at FROM device WHERE id = \(device.rawValue)") { row in
            Result { try row("last_seen_at") as Date }
        }
        guard case .failure(let error) = found else { return try found?.get() }
        try keepRepaired(
            from: "device", key: ["id": .text(device.rawValue)], ["last_seen_at": .date(now)], because: error)
        return now
    }

    /// Records `device` as `player`'s, seen at `now` and named for its browser, when the player
    /// is stored. A recorded device of another player, or a forgotten one, is left as it is.
    func recordDevice(_ device: DeviceID, of player: PlayerID, named name: DeviceName, at now: Date) throws {
        try execute(
            """
            INSERT INTO device (id, player_id, name, first_seen_at, linked_at, last_seen_at, forgotten_at)
            SELECT \(device.rawValue), id, \(name.description), \(now), NULL, \(now), NULL FROM player
                WHERE id = \(player.rawValue)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, last_seen_at = excluded.last_seen_at
                WHERE device.player_id = excluded.player_id AND device.forgotten_at IS NULL
            """)
    }

    /// The player `code` links to, using up a link code; nil when it is unknown, used or expired.
    fileprivate func redeem(_ code: DeviceCode, at now: Date, secret: ServerSecret) throws -> PlayerID? {
        let digest = code.digest(keyedBy: secret)
        let candidates = try rows(
            """
            SELECT digest, player_id, expires_at, used_at FROM device_code
            WHERE selector = \(code.selector(keyedBy: secret)) AND kind = \(code.kind.rawValue)
            """, settingAsideFrom: "device_code", key: { ["digest": .text(try $0("digest"))] }
        ) { row in
            (
                digest: try row("digest") as String, player: try row("player_id") as String,
                expires: try row("expires_at") as Date?, used: try row("used_at") as Date? != nil
            )
        }
        // NB: every candidate is compared, whichever matches.
        let matches = candidates.filter { DeviceCode.digestsMatch($0.digest, digest) }
        guard let found = matches.first, !found.used, found.expires.map({ now < $0 }) ?? true,
            let owner = PlayerID(rawValue: found.player)
        else { return nil }
        // NB: used only if nobody used it meanwhile (two links at once on PostgreSQL).
        if code.kind == .link {
            let used = try execute(
                "UPDATE device_code SET used_at = \(now) WHERE digest = \(found.digest) AND used_at IS NULL")
            guard used == 1 else { return nil }
        }
        return owner
    }
}

/// Why a device may not link, make codes, forget a device or rename the player.
enum DeviceRefusal {
    /// The device was forgotten (or became another player's) while the request was on its way.
    static let forgotten = AppError.forbidden(
        "This device was signed out from another of your devices: reload the page to start over.")
}
