import CardTableBasics
import CardTableStorage
import Foundation
import RatingCore

/// The ratings of several players in every pool, read at once: what Open rooms shows of each
/// room's players, and what Quick play compares.
struct RatingBook: Sendable {
    private let ratings: [PlayerID: [RatingPool: PlayerRating]]
    private let now: Date

    init(_ ratings: [(player: PlayerID, rating: PlayerRating)] = [], at now: Date) {
        var byPlayer: [PlayerID: [RatingPool: PlayerRating]] = [:]
        for (player, rating) in ratings { byPlayer[player, default: [:]][rating.pool] = rating }
        self.ratings = byPlayer
        self.now = now
    }

    /// `player`'s rating in `pool` now; a newcomer's when they have none there.
    func rating(of player: PlayerID, in pool: RatingPool) -> Rating {
        ratings[player]?[pool]?.current(at: now) ?? .newcomer
    }

    /// The ratings of `room`'s members who are here, in its pool, in the order they joined.
    func ratings(in room: Room) -> [Rating] {
        let pool = RatingPool(room)
        return room.membersHere.map { rating(of: $0.player, in: pool) }
    }

    /// How far `room`'s players here are, on average, from `player`'s rating in its pool.
    func distance(from player: PlayerID, to room: Room) -> Double {
        let theirs = ratings(in: room).map(\.rating)
        guard !theirs.isEmpty else { return 0 }
        let mine = rating(of: player, in: RatingPool(room)).rating
        return abs(theirs.reduce(0, +) / Double(theirs.count) - mine)
    }
}

extension DatabaseTransaction {
    /// The ratings of `players` in every pool, at `now`.
    func ratingBook(of players: [PlayerID], at now: Date) throws -> RatingBook {
        guard !players.isEmpty else { return RatingBook(at: now) }
        return RatingBook(try ratings(ofAll: Array(Set(players))), at: now)
    }
}
