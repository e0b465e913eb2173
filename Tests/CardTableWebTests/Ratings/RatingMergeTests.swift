import Foundation
import RatingCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// Linking a browser joins its ratings into the player's: in each game and mode the rating with
/// more rated games is kept, with its chart; hiding from leaderboards is kept if either hid.
@Suite struct RatingMergeTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    /// Stores a rating of `player` in `pool` after `games` games, with one chart point per game.
    static func seed(
        _ store: any CardTableDatabase, _ player: PlayerID, pool: RatingPool, rating: Double, games: Int,
        at now: Date
    ) async throws {
        try await LeaderboardTests.seed(
            store, player, name: nil, rating: rating, games: games, pool: pool, playedAt: now)
        try await store.write { transaction in
            for game in 1...games {
                try transaction.insert(
                    try RatingChangeRecord(
                        playerID: player.rawValue, game: pool.game.rawValue, mode: pool.mode,
                        roomCode: "K7QX4P",
                        gameNumber: game, ratingBefore: 1500, rating: rating, deviation: 80,
                        ratedAt: now.addingTimeInterval(Double(game))
                    ).row())
            }
        }
    }

    @Test(arguments: TestStores.available)
    func theRatingWithMoreGamesIsKeptWithItsChart(store kind: TestStores.Kind) async throws {
        let (ana, laptop) = (PlayerID.random(), PlayerID.random())
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            try await Self.seed(store, ana, pool: .set(.normal), rating: 1600, games: 3, at: now)
            try await Self.seed(store, ana, pool: .memorize, rating: 1550, games: 4, at: now)
            try await Self.seed(store, laptop, pool: .set(.normal), rating: 1680, games: 5, at: now)
            try await Self.seed(store, laptop, pool: .memorize, rating: 1400, games: 4, at: now)
            try await Self.seed(store, laptop, pool: .set(.ultra), rating: 1520, games: 2, at: now)
            try await store.setHiddenFromLeaderboards(true, for: laptop, at: now)

            let merge = try await store.mergePlayer(laptop, into: ana, at: now)
            #expect(merge.ratings == 2)
            let ratings = try await store.ratings(of: ana)
            #expect(ratings.map(\.pool) == [.set(.normal), .set(.ultra), .memorize])
            // Normal: the laptop's 5 games beat Ana's 3; Memorize: a tie keeps Ana's.
            #expect(ratings.map(\.stored.rating) == [1680, 1520, 1550])
            #expect(ratings.map(\.games) == [5, 2, 4])
            let chart = try await store.ratingChanges(of: ana)
            #expect(chart.filter { $0.mode == "normal" }.map(\.rating) == Array(repeating: 1680, count: 5))
            #expect(chart.filter { $0.mode == "standard" }.map(\.rating) == Array(repeating: 1550, count: 4))
            #expect(chart.filter { $0.mode == "ultra" }.count == 2)
            #expect(try await instances[0].count("SELECT count(*) FROM player_rating") == 3)
            #expect(try await instances[0].count("SELECT count(*) FROM rating_change") == 11)
            #expect(try await store.isHiddenFromLeaderboards(ana))
        }
    }
}
