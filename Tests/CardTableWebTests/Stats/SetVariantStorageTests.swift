import Foundation
import GRDB
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// `finished_game.variant` (migration `v10-set-variants`) on SQLite and (with a test cluster)
/// PostgreSQL: each game of Set keeps its variant, a row from before the column reads as Normal,
/// and a variant this CardTable does not know is set aside rather than read as another.
@Suite struct SetVariantStorageTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    @Test(arguments: TestStores.available)
    func eachGameKeepsItsVariantAndARowFromBeforeReadsAsNormal(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let instance = instances[0]
            let player = PlayerID.random()
            let games = SetVariant.allCases.enumerated().map { index, variant in
                SetVariantStatsTests.set(.solo, variant, score: 10 + index, at: index)
            }
            for game in games + [PlayerStatsTests.memorize("Animals", score: 3, at: 9)] {
                try await instance.database.write { try $0.record(game, for: player) }
            }
            let stored = try await instance.database.finishedGames(of: player)
            #expect(stored.map(\.variant) == [.normal, .junior, .chain, .ultra, nil])
            #expect(
                try await instance.count("SELECT count(*) FROM finished_game WHERE variant IS NULL") == 1)

            // As a game of Set recorded before the column was: no variant.
            try await instance.execute("UPDATE finished_game SET variant = NULL")
            let old = try await instance.database.finishedGames(of: player)
            #expect(old.map(\.variant) == [.normal, .normal, .normal, .normal, nil])
            #expect(old.map(\.score) == stored.map(\.score))
        }
    }

    @Test(arguments: TestStores.available)
    func anUnknownVariantIsSetAside(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let instance = instances[0]
            let player = PlayerID.random()
            for variant in [SetVariant.chain, .ultra] {
                let game = SetVariantStatsTests.set(.room, variant, score: 5, at: variant == .chain ? 1 : 2)
                try await instance.database.write { try $0.record(game, for: player) }
            }
            try await instance.execute(
                "UPDATE finished_game SET variant = 'hexagons' WHERE score = 5 AND variant = 'ultra'")
            let history = try await instance.database.finishedGames(of: player)
            #expect(history.map(\.variant) == [.chain])
            #expect(
                try await instance.count("SELECT count(*) FROM quarantine WHERE table_name = 'finished_game'")
                    == 1)
        }
    }

    /// A database as the previous version left it, with a finished game of Set: once migrated, the
    /// game reads as Normal Set and keeps its best.
    @Test func aGameRecordedBeforeTheMigrationReadsAsNormal() async throws {
        try await withTemporaryDatabase { path in
            let player = PlayerID.random()
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let queue = try DatabaseQueue(path: path)
            try SQLiteDatabase.migrator.migrate(queue, upTo: "v9-player-names")
            let breakdown = try GoldenFixture.text("finished-game-set-breakdown.json")
            try await queue.write { db in
                try db.execute(
                    sql: "INSERT INTO player (id, created_at) VALUES (?, '2026-01-01 00:00:00.000')",
                    arguments: [player.rawValue])
                try db.execute(
                    sql: """
                        INSERT INTO finished_game
                            (player_id, game, theme, mode, score, breakdown, duration_ms, moves, finished_at)
                        VALUES (?, 'set', NULL, 'two-player', -3, ?, 20000, 2, '2026-01-01 00:10:00.000')
                        """,
                    arguments: [player.rawValue, breakdown])
            }
            try queue.close()

            let store = try SQLiteDatabase(.file(path: path))
            let history = try await store.finishedGames(of: player)
            let game = try #require(history.only)
            #expect(game.game == .set && game.mode == .twoPlayer && game.variant == .normal)
            #expect(game.score == -3 && game.seconds == 20)
            #expect(PlayerStats(history).bests == [.set(.twoPlayer, variant: .normal): -3])
            #expect(ChartSeries(of: game).slug == "set-two-player")
        }
    }
}
