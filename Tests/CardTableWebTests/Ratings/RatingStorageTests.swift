import Foundation
import RatingCore
import SeededRandom
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// Ratings in the database, on SQLite and (with a test cluster) on PostgreSQL: a rated game is
/// rated once, in the move that ends it, even when instances race to end it; two rooms ending at
/// once rate a shared player one after the other; a casual game changes nothing.
@Suite struct RatingStorageTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    /// Makes a started Set room of `players` (the first hosts), rated unless told.
    static func startedRoom(
        in store: any CardTableDatabase, players: [PlayerID], rated: Bool = true, code: String = "K7QX4P",
        seed: UInt64 = 21, at now: Date
    ) async throws -> RoomCode {
        try await store.createRoom(at: now, maximumOpenRooms: 5, code: { RoomCode(code)! }) { code in
            var room = Room(
                code: code, game: .set, theme: nil, rated: rated, host: players[0],
                hostName: try! DisplayName(typed: "P1"))
            for (index, player) in players.enumerated().dropFirst() {
                _ = try! room.join(player, as: DisplayName(typed: "P\(index + 1)"))
            }
            var generator = SeededGenerator(seed: seed)
            _ = try! room.start(by: players[0], using: &generator, at: now)
            return (room, [RoomHappening(kind: .started, text: "Go.")])
        }.stored.room.code
    }

    /// Claims Sets (or votes for more cards) in `code` for `players` in turn until the game ends;
    /// a claim another instance beat to the end is fine.
    static func playToTheEnd(
        _ code: RoomCode, in store: any CardTableDatabase, by players: [PlayerID], at now: Date
    ) async throws {
        var turn = 0
        for _ in 0..<200 {
            guard let (stored, _) = try await store.room(code, with: .none), stored.room.phase == .playing,
                case .set(let game)? = stored.room.table
            else { return }
            let player = players[turn % players.count]
            turn += 1
            do {
                _ = try await store.changeRoom(code, at: now) { stored, now in
                    if let trio = SetRules.allSets(in: game.table).first {
                        return try stored.room.claim(trio.cards.map(\.id), by: player, at: now)
                    }
                    return try stored.room.voteToDeal(by: player, at: now)
                }
            } catch is RoomRefusal {
                continue  // the game moved on meanwhile (taken, over): read it again
            }
        }
    }

    @Test(arguments: TestStores.available)
    func aRatedGameRacedToItsEndFromSeveralInstancesIsRatedOnce(store kind: TestStores.Kind) async throws {
        let players = (0..<4).map { _ in PlayerID.random() }
        try await TestStores.withInstances(kind, count: 4) { instances in
            let stores = instances.map(\.database)
            let code = try await Self.startedRoom(in: stores[0], players: players, at: now)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask { [now] in
                        try await Self.playToTheEnd(
                            code, in: store, by: Array(players[index...] + players[..<index]), at: now)
                    }
                }
                try await group.waitForAll()
            }
            let final = try #require(try await stores[0].room(code, with: .none)).stored.room
            #expect(final.phase == .finished)
            guard case .set(let game)? = final.table else { throw RoomRefusal.wrongGame }
            // Each player rated once, as Glicko-2 rates the final scores from a newcomer's start.
            let expected = PlayerRating.system.rated(
                players.enumerated().map { seat, player in
                    RatedStanding(player: player, rating: .newcomer, score: game.scores[seat])
                })
            #expect(try await instances[0].count("SELECT count(*) FROM rating_change") == 4)
            #expect(try await instances[0].count("SELECT count(*) FROM player_rating WHERE games = 1") == 4)
            for player in players {
                let ratings = try await stores[1].ratings(of: player)
                #expect(ratings.map(\.pool) == [.set(.normal)])
                let rating = try #require(ratings.first)
                let want = try #require(expected[player])
                #expect(abs(rating.stored.rating - want.rating) < 1e-9)
                #expect(abs(rating.stored.deviation - want.deviation) < 1e-9)
            }
            // The room's results say the same, in whole points.
            let changes = try #require(final.ratingChanges)
            #expect(changes.map(\.member) == [1, 2, 3, 4])
            #expect(changes.map(\.after) == players.map { Int(expected[$0]!.rating.rounded()) })
            #expect(changes.allSatisfy { $0.before == 1500 && $0.isProvisional })
        }
    }

    @Test(arguments: TestStores.available)
    func twoRoomsEndingAtOnceRateTheirSharedPlayerOneAfterTheOther(store kind: TestStores.Kind) async throws {
        let (ana, bo, cy) = (PlayerID.random(), PlayerID.random(), PlayerID.random())
        try await TestStores.withInstances(kind, count: 2) { instances in
            let stores = instances.map(\.database)
            let first = try await Self.startedRoom(
                in: stores[0], players: [ana, bo], code: "K7QX4P", at: now)
            let second = try await Self.startedRoom(
                in: stores[1], players: [ana, cy], code: "M3RT7Z", seed: 22, at: now)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { [now] in
                    try await Self.playToTheEnd(first, in: stores[0], by: [ana, bo], at: now)
                }
                group.addTask { [now] in
                    try await Self.playToTheEnd(second, in: stores[1], by: [cy, ana], at: now)
                }
                try await group.waitForAll()
            }
            let rating = try #require(try await stores[0].ratings(of: ana).first)
            #expect(rating.games == 2)
            // The second game started from the rating the first one left: no update was lost.
            let changes = try await stores[0].ratingChanges(of: ana)
            #expect(changes.count == 2)
            #expect(changes[0].ratingBefore == 1500)
            #expect(abs(changes[1].ratingBefore - changes[0].rating) < 1e-9)
            #expect(abs(changes[1].rating - rating.stored.rating) < 1e-9)
        }
    }

    @Test(arguments: TestStores.available)
    func aCasualGameChangesNoRating(store kind: TestStores.Kind) async throws {
        let (ana, bo) = (PlayerID.random(), PlayerID.random())
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            let code = try await Self.startedRoom(in: store, players: [ana, bo], rated: false, at: now)
            try await Self.playToTheEnd(code, in: store, by: [ana, bo], at: now)
            #expect(try await store.room(code, with: .none)?.stored.room.phase == .finished)
            #expect(try await instances[0].count("SELECT count(*) FROM player_rating") == 0)
            #expect(try await instances[0].count("SELECT count(*) FROM rating_change") == 0)
            // The history keeps the game all the same.
            #expect(try await store.finishedGames(of: ana).count == 1)
        }
    }

    @Test func aRatingWidensOncePerThirtyIdleDays() {
        let stored = Rating(rating: 1700, deviation: 60, volatility: 0.06)
        let rating = PlayerRating(pool: .set(.normal), stored: stored, games: 30, lastPlayedAt: now)
        let day: TimeInterval = 24 * 60 * 60
        #expect(rating.current(at: now.addingTimeInterval(29 * day)) == stored)
        #expect(
            rating.current(at: now.addingTimeInterval(30 * day))
                == PlayerRating.system.idle(stored, periods: 1))
        #expect(
            rating.current(at: now.addingTimeInterval(95 * day))
                == PlayerRating.system.idle(stored, periods: 3))
        #expect(rating.current(at: now.addingTimeInterval(-day)) == stored)
    }

    @Test func everyPoolIsNamedByItsGameAndMode() {
        for pool in RatingPool.allCases {
            #expect(RatingPool(game: pool.game.rawValue, mode: pool.mode) == pool)
        }
        #expect(RatingPool.allCases.map(\.mode) == ["normal", "junior", "chain", "ultra", "standard"])
        #expect(RatingPool(game: "memorize", mode: "normal") == nil)
        #expect(RatingPool(game: "set", mode: "standard") == nil)
        #expect(RatingPool(game: "chess", mode: "normal") == nil)
    }
}
