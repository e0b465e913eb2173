import CardTableBasics
import CardTableStorage
import Foundation
import RatingCore

/// Ratings in the database: read for pages and the API, and changed by a rated room game's last
/// move (``DatabaseTransaction/rateGame(in:endedSince:at:)``), in the same transaction, and by
/// linking a browser (``DatabaseTransaction/mergePlayer(_:into:at:)``).
extension CardTableDatabase {
    /// `player`'s ratings, one per pool they played rated games in, in ``RatingPool/allCases``
    /// order.
    func ratings(of player: PlayerID) async throws -> [PlayerRating] {
        try await read { try $0.ratings(of: player) }
    }

    /// What each rated game did to `player`'s ratings, oldest first.
    func ratingChanges(of player: PlayerID) async throws -> [RatingChangeRecord] {
        try await read { try $0.ratingChanges(of: player) }
    }
}

extension DatabaseTransaction {
    /// Rates the game that `room`'s change from `before` ended, if it was a rated game of two
    /// players or more (see ``Room/ratedPlaces(since:)``): every pair of players is one game
    /// decided by their places, each player's pairs one Glicko-2 rating period. Each player's
    /// rating and a line of their chart are saved, and the changes kept in the room for its
    /// results. Runs in the move that ends the game, so the update is made once, with the move,
    /// or not at all: the room's row is locked by the move, then the players' rows (in one order)
    /// before their ratings are read, so two rooms ending at once rate a shared player one after
    /// the other.
    func rateGame(in room: inout Room, endedSince before: Room, at now: Date) throws {
        let places = room.ratedPlaces(since: before)
        guard !places.isEmpty else { return }
        try requireWriteTransaction()
        let pool = RatingPool(room)
        let players = places.map(\.member.player)
        for player in players.sorted(by: { $0.rawValue < $1.rawValue }) {
            try lockPlayer(player, at: now)
        }
        let stored = try ratings(of: players, in: pool)
        let standings = places.map { place in
            RatedStanding(
                player: place.member.player,
                rating: stored[place.member.player]?.current(at: now) ?? .newcomer,
                score: place.score, left: place.left)
        }
        let rated = PlayerRating.system.rated(standings)
        var changes: [RoomRatingChange] = []
        for (place, standing) in zip(places, standings) {
            let player = place.member.player
            // NB: Glicko-2 of finite ratings is finite; a number that is not would poison the row.
            guard let after = rated[player], after.rating.isFinite, after.deviation.isFinite,
                after.deviation > 0,
                after.volatility.isFinite, after.volatility > 0
            else { continue }
            let saved = PlayerRating(
                pool: pool, stored: after, games: (stored[player]?.games ?? 0) + 1, lastPlayedAt: now)
            var row = try PlayerRatingRecord(saved, of: player).row()
            row.onConflict = """
                 ON CONFLICT (player_id, game, mode) DO UPDATE SET rating = excluded.rating,
                    deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games,
                    last_played_at = excluded.last_played_at
                """
            try insert(row)
            try insert(
                RatingChangeRecord(
                    playerID: player.rawValue, game: pool.game.rawValue, mode: pool.mode,
                    roomCode: room.code.rawValue, gameNumber: room.gameNumber,
                    ratingBefore: standing.rating.rating,
                    rating: after.rating, deviation: after.deviation, ratedAt: now
                ).row())
            changes.append(
                RoomRatingChange(
                    member: place.member.number, before: standing.rating, after: after, left: place.left))
        }
        room.setRatingChanges(changes)
    }

    /// The stored ratings of `players` in `pool` (a player with none has not played there).
    func ratings(of players: [PlayerID], in pool: RatingPool) throws -> [PlayerID: PlayerRating] {
        let found = try ratingRows(
            """
            WHERE game = \(pool.game.rawValue) AND mode = \(pool.mode)
                AND player_id IN (\(list: players.map(\.rawValue)))
            """)
        return Dictionary(found.map { ($0.player, $0.rating) }) { first, _ in first }
    }

    /// Every rating of `players`, each with its player.
    func ratings(ofAll players: [PlayerID]) throws -> [(player: PlayerID, rating: PlayerRating)] {
        try ratingRows("WHERE player_id IN (\(list: players.map(\.rawValue)))")
    }

    /// `player`'s ratings, in ``RatingPool/allCases`` order.
    func ratings(of player: PlayerID) throws -> [PlayerRating] {
        let found = try ratingRows("WHERE player_id = \(player.rawValue)").map(\.rating)
        return RatingPool.allCases.compactMap { pool in found.first { $0.pool == pool } }
    }

    /// `player`'s rating changes, oldest first.
    func ratingChanges(of player: PlayerID) throws -> [RatingChangeRecord] {
        try rows(
            """
            SELECT id, player_id, game, mode, room_code, game_number, rating_before, rating, deviation, rated_at
            FROM rating_change WHERE player_id = \(player.rawValue) ORDER BY rated_at, id
            """,
            settingAsideFrom: RatingChangeRecord.table, key: { ["id": .integer(try $0("id"))] }
        ) { row in try RatingChangeRecord(row) }
    }

    /// The `player_rating` rows `condition` picks, each with its player; a row that cannot be read
    /// is set aside.
    private func ratingRows(_ condition: SQL) throws -> [(player: PlayerID, rating: PlayerRating)] {
        try rows(
            """
            SELECT player_id, game, mode, rating, deviation, volatility, games, last_played_at
            FROM player_rating \(condition)
            """,
            settingAsideFrom: PlayerRatingRecord.table,
            key: { row in
                [
                    "player_id": .text(try row("player_id")), "game": .text(try row("game")),
                    "mode": .text(try row("mode")),
                ]
            }
        ) { row in
            let record = try PlayerRatingRecord(row)
            guard let player = PlayerID(rawValue: record.playerID) else {
                throw DamagedRatingRow(reason: "a player id that is not one")
            }
            return (player, try record.playerRating())
        }
    }
}
