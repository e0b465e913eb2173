import Foundation
import RatingCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// The leaderboards: named players with a settled rating who played the pool in the last 30 days
/// and do not hide, best first, at most 100; equal whole ratings share a rank; the player asking
/// is told their place or why they are not listed.
@Suite struct LeaderboardTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    static let day: TimeInterval = 24 * 60 * 60

    /// Stores `player` with a rating in `pool` and, unless nil, a name.
    static func seed(
        _ store: any CardTableDatabase, _ player: PlayerID, name: String?, rating: Double,
        deviation: Double = 60,
        games: Int = 20, pool: RatingPool = .set(.normal), playedAt: Date
    ) async throws {
        try await store.write { transaction in
            try transaction.storePlayer(player, at: playedAt)
            let record = PlayerRatingRecord(
                PlayerRating(
                    pool: pool, stored: Rating(rating: rating, deviation: deviation, volatility: 0.06),
                    games: games,
                    lastPlayedAt: playedAt),
                of: player)
            try transaction.insert(try record.row())
        }
        if let name { try await store.setDisplayName(try DisplayName(typed: name), of: player, at: playedAt) }
    }

    @Test(arguments: TestStores.available)
    func onlyEstablishedNamedActiveVisiblePlayersAreListedBestFirst(store kind: TestStores.Kind) async throws
    {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            let (ana, bo, cy, dee, eve, fay, gus) = (
                PlayerID.random(), PlayerID.random(), PlayerID.random(), PlayerID.random(), PlayerID.random(),
                PlayerID.random(), PlayerID.random()
            )
            try await Self.seed(store, ana, name: "Ana", rating: 1712.2, playedAt: now)
            try await Self.seed(
                store, bo, name: "Bo", rating: 1650.4, playedAt: now.addingTimeInterval(-Self.day))
            try await Self.seed(store, cy, name: "Cy", rating: 1649.6, playedAt: now)  // ties Bo at 1650
            // Dee is provisional, Eve has no name, Fay has not played for 31 days, Gus hides.
            try await Self.seed(store, dee, name: "Dee", rating: 1900, deviation: 110, playedAt: now)
            try await Self.seed(store, eve, name: nil, rating: 1800, playedAt: now)
            try await Self.seed(
                store, fay, name: "Fay", rating: 1750, playedAt: now.addingTimeInterval(-31 * Self.day))
            try await Self.seed(store, gus, name: "Gus", rating: 1600, playedAt: now)
            try await Self.seed(store, gus, name: nil, rating: 2000, pool: .set(.ultra), playedAt: now)
            try await store.setHiddenFromLeaderboards(true, for: gus, at: now)

            var board = try await store.leaderboard(.set(.normal), for: bo, at: now)
            #expect(board.players.map(\.name) == ["Ana", "Bo", "Cy"])
            #expect(board.players.map(\.rank) == [1, 2, 2])
            #expect(board.players.map(\.rating) == [1712, 1650, 1650])
            #expect(board.players.map(\.isYou) == [false, true, false])
            #expect(board.you?.rank == 2 && board.youAbsence == nil)

            for (player, absence) in [
                (dee, Leaderboard.Absence.provisional), (eve, .unnamed), (fay, .inactive), (gus, .hidden),
            ] {
                board = try await store.leaderboard(.set(.normal), for: player, at: now)
                #expect(board.youAbsence == absence)
                #expect(board.you?.rank == nil)
            }
            // A player without a rating in the pool has no place; another pool has its own board.
            #expect(try await store.leaderboard(.set(.normal), for: PlayerID.random(), at: now).you == nil)
            #expect(try await store.leaderboard(.set(.ultra), for: nil, at: now).players.isEmpty)
            // Listed again when they stop hiding.
            try await store.setHiddenFromLeaderboards(false, for: gus, at: now)
            board = try await store.leaderboard(.set(.normal), for: gus, at: now)
            #expect(board.players.map(\.name) == ["Ana", "Bo", "Cy", "Gus"])
            #expect(board.you?.rank == 4)
        }
    }

    @Test(arguments: TestStores.available)
    func aPlayerBeyondTheFirstHundredIsToldTheirRank(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            let players = (0..<103).map { _ in PlayerID.random() }
            for (index, player) in players.enumerated() {
                try await Self.seed(
                    store, player, name: "P\(index)", rating: 2000 - Double(index), playedAt: now)
            }
            let board = try await store.leaderboard(.set(.normal), for: players[102], at: now)
            #expect(board.players.count == Leaderboard.size)
            #expect(board.players.first?.name == "P0")
            #expect(board.players.last?.rank == 100)
            #expect(board.you?.rank == 103)
        }
    }
}
