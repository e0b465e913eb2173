import CardTableBasics
import CardTableStorage
import Foundation
import RatingCore

/// One pool's best players (issue 49): named players whose rating is established (not
/// provisional) and who played a rated game there in the last ``activeWithin``, unless they hide
/// from leaderboards; best first, at most ``size``.
struct Leaderboard: Sendable, Equatable {
    /// One listed player, or the player asking.
    struct Entry: Sendable, Equatable {
        /// 1 for the best; equal ratings (in whole points) share a rank. Nil for a player who is
        /// not listed.
        let rank: Int?
        let name: String?
        let rating: Int
        let deviation: Int
        let games: Int
        let isProvisional: Bool
        /// Whether this is the player asking.
        let isYou: Bool
    }

    /// What keeps the player asking off the list, if anything.
    enum Absence: String, Sendable, Equatable {
        case provisional, unnamed, inactive, hidden
    }

    static let size = 100
    /// How recently a listed player played a rated game of the pool.
    static let activeWithin: TimeInterval = 30 * 24 * 60 * 60

    let pool: RatingPool
    let players: [Entry]
    /// The player asking, when they have a rating in the pool: listed (with their rank, even
    /// beyond the first ``size``) or not (with why not).
    let you: Entry?
    let youAbsence: Absence?
}

extension CardTableDatabase {
    /// The leaderboard of `pool` at `now`, with `player`'s place in it.
    func leaderboard(_ pool: RatingPool, for player: PlayerID?, at now: Date) async throws -> Leaderboard {
        try await read { try $0.leaderboard(pool, for: player, at: now) }
    }

    /// Keeps `player` off the leaderboards (`hidden`) or lists them again.
    func setHiddenFromLeaderboards(_ hidden: Bool, for player: PlayerID, at now: Date) async throws {
        try await write { transaction in
            if hidden {
                try transaction.insert(
                    AddedRow(
                        table: "leaderboard_hidden",
                        values: [("player_id", .text(player.rawValue)), ("hidden_at", .date(now))],
                        onConflict: " ON CONFLICT (player_id) DO NOTHING"),
                    storing: player, at: now)
            } else {
                _ = try transaction.execute(
                    "DELETE FROM leaderboard_hidden WHERE player_id = \(player.rawValue)")
            }
        }
    }

    /// Whether `player` keeps off the leaderboards.
    func isHiddenFromLeaderboards(_ player: PlayerID) async throws -> Bool {
        try await read { try $0.isHiddenFromLeaderboards(player) }
    }
}

extension DatabaseTransaction {
    /// See ``CardTableDatabase/leaderboard(_:for:at:)``.
    func leaderboard(_ pool: RatingPool, for player: PlayerID?, at now: Date) throws -> Leaderboard {
        // NB: the rank index (game, mode, rating DESC) is read best first and stops at the
        // hundredth listed player; the other conditions are checked row by row.
        let listed = try rows(
            """
            SELECT r.player_id, n.name, r.rating, r.deviation, r.games FROM player_rating AS r
            JOIN player_name AS n ON n.player_id = r.player_id
            WHERE \(Self.listedCondition(pool, at: now))
            ORDER BY r.rating DESC, r.player_id LIMIT \(Leaderboard.size)
            """,
            settingAsideFrom: PlayerRatingRecord.table,
            key: { row in
                [
                    "player_id": .text(try row("player_id")), "game": .text(pool.game.rawValue),
                    "mode": .text(pool.mode),
                ]
            }
        ) { row in
            (
                player: try row("player_id") as String, name: try? row("name") as String,
                rating: try row("rating") as Double, deviation: try row("deviation") as Double,
                games: try row("games") as Int
            )
        }.compactMap { entry in
            // NB: a name that cannot be read is set aside where names are read (the player's own
            // pages); the board leaves that player out meanwhile.
            entry.name.map {
                (
                    player: entry.player, name: $0, rating: entry.rating, deviation: entry.deviation,
                    games: entry.games
                )
            }
        }
        let wholeRatings = listed.map { Int($0.rating.rounded()) }
        let players = listed.enumerated().map { index, entry in
            Leaderboard.Entry(
                rank: 1 + wholeRatings.count { $0 > wholeRatings[index] }, name: entry.name,
                rating: wholeRatings[index], deviation: Int(entry.deviation.rounded()), games: entry.games,
                isProvisional: false, isYou: entry.player == player?.rawValue)
        }
        guard let player, let own = try ratings(of: [player], in: pool)[player] else {
            return Leaderboard(pool: pool, players: players, you: nil, youAbsence: nil)
        }
        let current = own.current(at: now)
        let name = try displayName(of: player)?.text
        let absence = try reasonNotListed(player, named: name, rating: own, current: current, at: now)
        let rating = Int(current.rating.rounded())
        let rank =
            absence == nil
            ? try firstRow(
                """
                SELECT count(*) AS above FROM player_rating AS r JOIN player_name AS n ON n.player_id = r.player_id
                WHERE \(Self.listedCondition(pool, at: now)) AND r.rating >= \(Double(rating) + 0.5)
                """
            ) { 1 + (try $0("above") as Int) } : nil
        let you = Leaderboard.Entry(
            rank: rank, name: name, rating: rating, deviation: Int(current.deviation.rounded()),
            games: own.games,
            isProvisional: current.isProvisional, isYou: true)
        return Leaderboard(pool: pool, players: players, you: you, youAbsence: absence)
    }

    /// What keeps `player` (named `name`, with `rating` in the pool, `current` now) off the
    /// leaderboard, if anything.
    private func reasonNotListed(
        _ player: PlayerID, named name: String?, rating: PlayerRating, current: Rating, at now: Date
    ) throws -> Leaderboard.Absence? {
        if current.isProvisional { return .provisional }
        if name == nil { return .unnamed }
        if now.timeIntervalSince(rating.lastPlayedAt) > Leaderboard.activeWithin { return .inactive }
        if try isHiddenFromLeaderboards(player) { return .hidden }
        return nil
    }

    /// Whether `player` keeps off the leaderboards.
    func isHiddenFromLeaderboards(_ player: PlayerID) throws -> Bool {
        try firstRow("SELECT 1 AS hidden FROM leaderboard_hidden WHERE player_id = \(player.rawValue)") { _ in
            true
        } ?? false
    }

    /// What makes a row of `player_rating AS r` joined with `player_name AS n` a listed one.
    private static func listedCondition(_ pool: RatingPool, at now: Date) -> SQL {
        """
        r.game = \(pool.game.rawValue) AND r.mode = \(pool.mode) AND r.deviation < \(Rating.provisionalDeviation)
            AND r.last_played_at >= \(now.addingTimeInterval(-Leaderboard.activeWithin)) AND n.name IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM leaderboard_hidden AS h WHERE h.player_id = r.player_id)
        """
    }
}
