import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation

/// What joining one player into another moved: a browser that had progress of its own becomes
/// the player it links to, and keeps everything it earned (issue 30).
struct PlayerMerge: Hashable, Sendable {
    /// Finished games added to the history.
    var finishedGames = 0
    /// Days solved that the player kept: days only the other solved, and days the other solved
    /// faster (or as fast with fewer wrong tries).
    var dailySolves = 0
    /// The other's own themes added to the end of the player's list.
    var themes = 0
    /// The other's devices, which are the player's now.
    var devices: [DeviceID] = []
    /// The other's ratings kept: in a game and mode where only the other had one, or the other's
    /// had more rated games.
    var ratings = 0

    static let nothing = PlayerMerge()
}

/// A merge that would leave the player more themes than one player keeps (issue 47): refused,
/// so no theme is lost; the player deletes some and links again.
struct ThemesOverLimit {
    /// The themes of the player linked to, and those of the linking browser that would join them.
    let own: Int
    let joining: Int

    /// The refusal, in words for the player.
    var error: AppError {
        let extra = own + joining - ThemeList.maximumCount
        return .conflict(
            "Linking would give you \(own + joining) themes (\(own) and \(joining) from this browser), and one "
                + "player keeps at most \(ThemeList.maximumCount): delete \(extra) on either device, then link again."
        )
    }
}

extension CardTableDatabase {
    /// Joins `other` into `player` and deletes `other`, in one transaction; nothing happens when
    /// `other` is not stored or is `player`.
    ///
    /// How each table joins: the history (`finished_game`) is added whole; of two ratings of a
    /// game and mode the one with more rated games is kept, with its chart (`player_rating`,
    /// `rating_change`); hiding from leaderboards is kept if either hid; whom either muted stays
    /// muted, and a mute of the other is a mute of the player (`player_mute`); of two rows about
    /// the same recent player the newer is kept (`recent_player`); of two solves of a day
    /// (`daily_solve`) the faster is kept, ties to fewer wrong tries; a day's go (`daily_play`),
    /// the Set game, the Memorize preferences, the name and a Memorize game in a slot are the player's
    /// where they have one and the other's otherwise; the other's own themes are added at the end
    /// of the list (but copies of built-in themes the list already has); the other's place in each
    /// room (a seat, a score, the host's) is the player's, and the other's devices are the player's,
    /// with their push subscriptions.
    func mergePlayer(_ other: PlayerID, into player: PlayerID, at now: Date) async throws -> PlayerMerge {
        try await write { try $0.mergePlayer(other, into: player, at: now) }
    }
}

extension DatabaseTransaction {
    /// See ``CardTableDatabase/mergePlayer(_:into:at:)``.
    func mergePlayer(_ other: PlayerID, into player: PlayerID, at now: Date) throws -> PlayerMerge {
        guard other != player, try isStored(other) else { return .nothing }
        // NB: locked in one order, so two merges of the same players cannot wait on each other.
        for id in [player, other].sorted(by: { $0.rawValue < $1.rawValue }) {
            try lockPlayer(id, at: now)
        }
        var merge = PlayerMerge()
        let (from, to) = (other.rawValue, player.rawValue)
        merge.finishedGames = try execute(
            "UPDATE finished_game SET player_id = \(to) WHERE player_id = \(from)")
        merge.dailySolves = try mergeDailySolves(from: from, to: to)
        try execute(
            """
            UPDATE daily_play SET player_id = \(to) WHERE player_id = \(from) AND NOT EXISTS (
                SELECT 1 FROM daily_play AS own WHERE own.player_id = \(to)
                    AND own.puzzle_date = daily_play.puzzle_date)
            """)
        merge.ratings = try mergeRatings(from: from, to: to)
        for table in [
            "set_game", "memorize_preferences", "player_name", "player_appearance", "player_sound",
            "leaderboard_hidden",
        ] {
            try execute(
                """
                UPDATE \(identifier: table) SET player_id = \(to) WHERE player_id = \(from) AND NOT EXISTS (
                    SELECT 1 FROM \(identifier: table) AS own WHERE own.player_id = \(to))
                """)
        }
        try mergeMutes(from: from, to: to)
        try mergeRecentPlayers(from: from, to: to)
        merge.themes = try mergeThemes(of: other, into: player)
        // A game moves with its slot free and its theme now the player's.
        try execute(
            """
            UPDATE memorize_game SET player_id = \(to) WHERE player_id = \(from) AND NOT EXISTS (
                SELECT 1 FROM memorize_game AS own WHERE own.player_id = \(to) AND own.slot = memorize_game.slot
            ) AND theme_id IN (SELECT id FROM theme WHERE player_id = \(to))
            """)
        try mergeRoomMembers(from: other, to: player)
        // NB: also the rooms whose state could not be read, so none is deleted with the other.
        try execute("UPDATE room SET host_id = \(to) WHERE host_id = \(from)")
        // Their seats and turns in games under way are the player's.
        try execute("UPDATE room SET turn_player_id = \(to) WHERE turn_player_id = \(from)")
        try execute(
            """
            INSERT INTO room_seat (player_id, room_code) SELECT \(to), room_code FROM room_seat
            WHERE player_id = \(from) ON CONFLICT DO NOTHING
            """)
        // The other's devices are the player's now. Its codes (a recovery code too) are void: they
        // name a player who is gone.
        merge.devices = try rows("SELECT id FROM device WHERE player_id = \(from)") { row in
            DeviceID(rawValue: try row("id"))
        }.compactMap { $0 }
        try execute("UPDATE device SET player_id = \(to) WHERE player_id = \(from)")
        try execute("UPDATE push_subscription SET player_id = \(to) WHERE player_id = \(from)")
        // What is left of the other (a go, a game or a theme the player had already) goes with it.
        try execute("DELETE FROM player WHERE id = \(from)")
        return merge
    }

    /// Makes the other's membership of each room the player's (see ``Room/mergeMember(_:into:)``),
    /// open and closed rooms alike. A state that cannot be read is left as it is; its room is set
    /// aside when it is next loaded.
    private func mergeRoomMembers(from other: PlayerID, to player: PlayerID) throws {
        let rooms = try rows(
            "SELECT code, state FROM room WHERE state LIKE \("%\"" + other.rawValue + "\"%")\(SQL.forUpdate)"
        ) { row in
            (code: try row("code") as String, room: try? JSONText.decode(Room.self, from: row("state")))
        }
        for case (let code, var room?) in rooms where room.mergeMember(other, into: player) {
            try execute(
                """
                UPDATE room SET state = \(try JSONText.encode(room)), host_id = \(room.host.player.rawValue)
                WHERE code = \(code)
                """)
        }
    }

    /// Keeps, in each game and mode, the rating with more rated games (the player's on a tie),
    /// with its chart: where the other's is kept, the player's own rating changes there go, and
    /// the other's come along. What is not kept goes with the other.
    /// - Returns: How many of the other's ratings were kept.
    private func mergeRatings(from: String, to: String) throws -> Int {
        // NB: the other's rating in a pool is kept when it has more games than the player's (none: 0).
        let theirsKept: SQL = """
            SELECT 1 FROM player_rating AS theirs WHERE theirs.player_id = \(from)
                AND theirs.game = rating_change.game AND theirs.mode = rating_change.mode
                AND theirs.games > coalesce((SELECT own.games FROM player_rating AS own
                    WHERE own.player_id = \(to) AND own.game = theirs.game AND own.mode = theirs.mode), 0)
            """
        try execute("DELETE FROM rating_change WHERE player_id = \(to) AND EXISTS (\(theirsKept))")
        try execute(
            "UPDATE rating_change SET player_id = \(to) WHERE player_id = \(from) AND EXISTS (\(theirsKept))")
        try execute(
            """
            DELETE FROM player_rating WHERE player_id = \(to) AND EXISTS (
                SELECT 1 FROM player_rating AS theirs WHERE theirs.player_id = \(from)
                    AND theirs.game = player_rating.game AND theirs.mode = player_rating.mode
                    AND theirs.games > player_rating.games)
            """)
        return try execute(
            """
            UPDATE player_rating SET player_id = \(to) WHERE player_id = \(from) AND NOT EXISTS (
                SELECT 1 FROM player_rating AS own WHERE own.player_id = \(to)
                    AND own.game = player_rating.game AND own.mode = player_rating.mode)
            """)
    }

    /// Whether `player` is stored.
    private func isStored(_ player: PlayerID) throws -> Bool {
        try firstRow("SELECT 1 AS found FROM player WHERE id = \(player.rawValue)") { _ in true } ?? false
    }

    /// Keeps the better of two solves of a day and moves the other's solves of the days the
    /// player did not solve. - Returns: How many of the other's solves were kept.
    private func mergeDailySolves(from: String, to: String) throws -> Int {
        try execute(
            """
            DELETE FROM daily_solve WHERE player_id = \(to) AND EXISTS (
                SELECT 1 FROM daily_solve AS other WHERE other.player_id = \(from)
                    AND other.puzzle_date = daily_solve.puzzle_date
                    AND (other.duration_ms < daily_solve.duration_ms OR (other.duration_ms = daily_solve.duration_ms
                        AND other.wrong_tries < daily_solve.wrong_tries)))
            """)
        return try execute(
            """
            UPDATE daily_solve SET player_id = \(to) WHERE player_id = \(from) AND NOT EXISTS (
                SELECT 1 FROM daily_solve AS own WHERE own.player_id = \(to)
                    AND own.puzzle_date = daily_solve.puzzle_date)
            """)
    }

    /// Adds `other`'s own themes (not deleted ones) to the end of `player`'s list, but for copies
    /// of built-in themes the list has. - Returns: How many were added.
    /// - Throws: ``ThemesOverLimit`` when the list would hold more than ``ThemeList/maximumCount``
    ///   (nothing is merged: the transaction is undone, and the link code still works).
    private func mergeThemes(of other: PlayerID, into player: PlayerID) throws -> Int {
        guard try themeOwner(of: other) == other.rawValue else { return 0 }
        let theirs = try readableThemeRecords(ownedBy: other.rawValue)
        guard !theirs.isEmpty else { return 0 }
        try takeOwnershipOfThemes(for: player)
        let own = try readableThemeRecords(ownedBy: player.rawValue)
        let ownBuiltIns = Set(own.compactMap(\.builtInID))
        let joining = theirs.filter { theme in theme.builtInID.map { !ownBuiltIns.contains($0) } ?? true }
        guard own.count + joining.count <= ThemeList.maximumCount else {
            throw ThemesOverLimit(own: own.count, joining: joining.count).error
        }
        var position = try nextThemePosition(of: player)
        for theme in joining {
            guard let id = theme.id else { continue }
            try execute(
                "UPDATE theme SET player_id = \(player.rawValue), position = \(position) WHERE id = \(id)")
            position += 1
        }
        return joining.count
    }
}
