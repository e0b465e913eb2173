import CardTableBasics
import CardTableStorage
import Foundation
import SetCore

extension CardTableDatabase {
    /// The people `player` last shared a finished room game with, newest first: at most
    /// ``RecentPlayer/kept``, and none they muted.
    func recentPlayers(of player: PlayerID) async throws -> [RecentPlayer] {
        try await read { try $0.recentPlayers(of: player) }
    }
}

extension DatabaseTransaction {
    /// See ``CardTableDatabase/recentPlayers(of:)``. A row that cannot be read is moved to the
    /// quarantine and left out.
    func recentPlayers(of player: PlayerID) throws -> [RecentPlayer] {
        try rows(
            """
            SELECT other_id, name, game, variant, theme, played_at FROM recent_player
            WHERE player_id = \(player.rawValue) AND NOT EXISTS (
                SELECT 1 FROM player_mute
                WHERE player_mute.player_id = \(player.rawValue) AND player_mute.muted_id = recent_player.other_id)
            ORDER BY played_at DESC, other_id LIMIT \(RecentPlayer.kept)
            """,
            settingAsideFrom: "recent_player",
            key: { ["player_id": .text(player.rawValue), "other_id": .text(try $0("other_id"))] }
        ) { row in
            let stored: (game: String, variant: String?) = (try row("game"), try row("variant"))
            guard let game = CardGame(rawValue: stored.game) else { throw UnreadableRecentPlayer() }
            var variant: SetVariant?
            if game == .set {
                guard let read = SetVariant(rawValue: stored.variant ?? SetVariant.normal.rawValue) else {
                    throw UnreadableRecentPlayer()
                }
                variant = read
            }
            return RecentPlayer(
                name: try row("name"), game: game, variant: variant, theme: try row("theme"),
                playedAt: try row("played_at"))
        }
    }

    /// Notes who played with whom in the game the move finishing `finished` ended in `room`, and
    /// keeps each of its players' ``RecentPlayer/kept`` newest. Runs in that move's write
    /// transaction (before it is saved, so that ``ChangedMeanwhile`` undoes it too), storing and
    /// locking the players in one order, as rating does, so two rooms ending at once for a shared
    /// player do not wait on each other.
    func noteRecentPlayers(
        in room: Room, finishing finished: [(player: PlayerID, game: FinishedGame)], at now: Date
    ) throws {
        let pairs = RecentPlayer.pairs(in: room, finishing: finished)
        guard !pairs.isEmpty else { return }
        try requireWriteTransaction()
        let players = Set(pairs.map(\.player)).sorted { $0.rawValue < $1.rawValue }
        for player in players { try lockPlayer(player, at: now) }
        for (player, other, recent) in pairs {
            try insert(
                AddedRow(
                    table: "recent_player",
                    values: [
                        ("player_id", .text(player.rawValue)), ("other_id", .text(other.rawValue)),
                        ("name", .text(recent.name)), ("game", .text(recent.game.rawValue)),
                        ("variant", recent.variant.map { .text($0.rawValue) } ?? .null),
                        ("theme", recent.theme.map(SQLValue.text) ?? .null),
                        ("played_at", .date(recent.playedAt)),
                    ],
                    onConflict: """
                         ON CONFLICT (player_id, other_id) DO UPDATE SET name = excluded.name,
                            game = excluded.game, variant = excluded.variant, theme = excluded.theme,
                            played_at = excluded.played_at
                        """))
        }
        for player in players {
            try execute(
                """
                DELETE FROM recent_player WHERE player_id = \(player.rawValue) AND other_id NOT IN (
                    SELECT other_id FROM recent_player WHERE player_id = \(player.rawValue)
                    ORDER BY played_at DESC, other_id LIMIT \(RecentPlayer.kept))
                """)
        }
    }

    /// Makes `other`'s recent players `player`'s, and `other` in anyone's list `player`, as
    /// `other` joins `player` (see ``CardTableDatabase/mergePlayer(_:into:at:)``): of two rows
    /// about the same person the newer stays, and neither lists themselves.
    func mergeRecentPlayers(from other: String, to player: String) throws {
        try execute(
            """
            DELETE FROM recent_player WHERE (player_id = \(player) AND other_id = \(other))
                OR (player_id = \(other) AND other_id = \(player))
            """)
        // NB: on each side of the rows, the older of two about the same person goes first (the
        // other's on a tie), then the other's are the player's.
        for (side, person) in [("player_id", "other_id"), ("other_id", "player_id")] {
            try execute(
                """
                DELETE FROM recent_player WHERE \(identifier: side) IN (\(player), \(other)) AND EXISTS (
                    SELECT 1 FROM recent_player AS twin
                    WHERE twin.\(identifier: side) IN (\(player), \(other))
                        AND twin.\(identifier: side) <> recent_player.\(identifier: side)
                        AND twin.\(identifier: person) = recent_player.\(identifier: person)
                        AND (twin.played_at > recent_player.played_at
                            OR (twin.played_at = recent_player.played_at AND twin.\(identifier: side) = \(player))))
                """)
            try execute(
                "UPDATE recent_player SET \(identifier: side) = \(player) WHERE \(identifier: side) = \(other)"
            )
        }
    }
}

/// A recent player's game or game of Set is none CardTable knows.
struct UnreadableRecentPlayer: Error, CustomStringConvertible {
    var description: String { "The game of a recent player is none CardTable knows." }
}
