import CardTableBasics
import CardTableStorage
import Foundation

/// Whom each player muted (issue 51): the muted player's chat messages and reactions no longer
/// reach them, in any room and on every device of theirs. Kept by player, not by room member, so
/// a mute follows the muted player into later rooms.
extension CardTableDatabase {
    /// Mutes `muted` for `player` (`isMuted`), or hears them again.
    func setMuted(_ isMuted: Bool, _ muted: PlayerID, by player: PlayerID, at now: Date) async throws {
        try await write { transaction in
            guard isMuted else {
                try transaction.execute(
                    """
                    DELETE FROM player_mute WHERE player_id = \(player.rawValue) AND muted_id = \(muted.rawValue)
                    """)
                return
            }
            try transaction.execute(.storing(muted, at: now))
            try transaction.insert(
                AddedRow(
                    table: "player_mute",
                    values: [
                        ("player_id", .text(player.rawValue)), ("muted_id", .text(muted.rawValue)),
                        ("muted_at", .date(now)),
                    ],
                    onConflict: " ON CONFLICT (player_id, muted_id) DO NOTHING"),
                storing: player, at: now)
        }
    }

    /// The players `player` muted.
    func mutedPlayers(of player: PlayerID) async throws -> Set<PlayerID> {
        try await read { try $0.mutedPlayers(of: player) }
    }
}

extension DatabaseTransaction {
    /// See ``CardTableDatabase/mutedPlayers(of:)``.
    func mutedPlayers(of player: PlayerID) throws -> Set<PlayerID> {
        Set(
            try rows("SELECT muted_id FROM player_mute WHERE player_id = \(player.rawValue)") { row in
                PlayerID(rawValue: try row("muted_id"))
            }.compactMap { $0 })
    }

    /// Makes the mutes `other` made `player`'s, and mutes of `other` mutes of `player`, as
    /// `other` joins `player` (see ``CardTableDatabase/mergePlayer(_:into:at:)``); a player never
    /// mutes themselves.
    func mergeMutes(from other: String, to player: String) throws {
        try execute(
            """
            UPDATE player_mute SET player_id = \(player) WHERE player_id = \(other) AND muted_id <> \(player)
                AND NOT EXISTS (SELECT 1 FROM player_mute AS own
                    WHERE own.player_id = \(player) AND own.muted_id = player_mute.muted_id)
            """)
        try execute(
            """
            UPDATE player_mute SET muted_id = \(player) WHERE muted_id = \(other) AND player_id <> \(player)
                AND NOT EXISTS (SELECT 1 FROM player_mute AS own
                    WHERE own.muted_id = \(player) AND own.player_id = player_mute.player_id)
            """)
    }
}
