import CardTableBasics
import CardTableStorage
import Foundation

/// The name a player chose to show (issue 30): what the name fields of rooms start with. A
/// `player_name` row without a name is a player who chose to have none; no row, a player who
/// never chose (the first name they give in a room is taken).
extension CardTableDatabase {
    /// `player`'s name; nil when they have none (or it no longer reads as a name).
    func displayName(of player: PlayerID) async throws -> DisplayName? {
        try await read { try $0.displayName(of: player) }
    }

    /// Sets `player`'s name, or takes it away for good (nil: rooms then start with an empty
    /// field); the player is stored if they are not.
    /// - Parameter acting: The device asking, which must still be the player's (see
    ///   ``DatabaseTransaction/requireActingDevice(_:of:at:)``); nil for none (a tool, a test).
    func setDisplayName(_ name: DisplayName?, of player: PlayerID, by acting: DeviceID? = nil, at now: Date)
        async throws
    {
        try await write { transaction in
            if let acting { try transaction.requireActingDevice(acting, of: player, at: now) }
            try transaction.lockPlayer(player, at: now)
            try transaction.execute(
                """
                INSERT INTO player_name (player_id, name, updated_at) VALUES (\(player.rawValue), \(name?.text), \(now))
                ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
                """)
        }
    }

    /// Gives `player` the name they typed in a room, unless they ever chose (a name, or none).
    func rememberDisplayName(_ name: DisplayName, of player: PlayerID, at now: Date) async throws {
        try await write { transaction in
            try transaction.lockPlayer(player, at: now)
            try transaction.execute(
                """
                INSERT INTO player_name (player_id, name, updated_at) VALUES (\(player.rawValue), \(name.text), \(now))
                ON CONFLICT (player_id) DO NOTHING
                """)
        }
    }
}

extension DatabaseTransaction {
    /// See ``CardTableDatabase/displayName(of:)``.
    ///
    /// A row whose name cannot be read is set aside: the player has no name until they choose one.
    func displayName(of player: PlayerID) throws -> DisplayName? {
        let found = try firstRow("SELECT name FROM player_name WHERE player_id = \(player.rawValue)") { row in
            Result { try row("name") as String? }
        }
        guard let found else { return nil }
        let name = try readOrSetAside(from: "player_name", key: ["player_id": .text(player.rawValue)]) {
            try found.get()
        }
        return name.flatMap { $0 }.flatMap { try? DisplayName(stored: $0) }
    }
}
