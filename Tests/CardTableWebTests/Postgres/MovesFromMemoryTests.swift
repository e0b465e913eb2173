import Foundation
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// A PostgreSQL move that starts from what this instance saved last runs first with no
/// connection, its save held (``PostgresDatabase/movedFromMemory(_:)``): it answers as a move on
/// a connection would, and only a move whose one statement is its save is made that way.
@Suite struct MovesFromMemoryTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let ana = PlayerID.random()
    let bo = PlayerID.random()

    /// A select, a tap and a claim after the first each send their save alone, held; the first,
    /// which reads its row, runs on a connection.
    @Test(arguments: TestStores.available.filter { $0 != .sqlite })
    func aMoveFromWhatThisInstanceSavedSendsItsHeldSave(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = try #require(instances[0].database as? PostgresDatabase)
            #expect(try await store.changeSetGame(for: ana, at: now, Self.nextGame) == nil)
            #expect(store.movesFromMemory.load(ordering: .relaxed) == 0)
            for version in 1...3 {
                #expect(try await store.changeSetGame(for: ana, at: now, Self.nextGame) == version)
            }
            #expect(store.movesFromMemory.load(ordering: .relaxed) == 3)
            #expect(try await store.setGame(for: ana)?.version == 4)
        }
    }

    /// A move that reads besides its start cannot be run with no connection, even when it makes
    /// nothing of the refusal: it runs on a connection and sees the rows.
    @Test(arguments: TestStores.available.filter { $0 != .sqlite })
    func aMoveThatAlsoReadsRunsOnAConnection(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = try #require(instances[0].database as? PostgresDatabase)
            for player in [ana, bo] { _ = try await store.changeSetGame(for: player, at: now, Self.nextGame) }
            let (ana, now) = (ana, now)
            let games = try await store.move { transaction in
                let start = try transaction.setGameForMove(for: ana)
                let games =
                    (try? transaction.rows("SELECT player_id FROM set_game") { try $0("player_id") as String })
                    ?? []
                try transaction.save(
                    Self.game(after: start.value), for: ana, at: now, unlessChangedSince: start.version,
                    finishing: nil)
                return games.count
            }
            #expect(games == 2)
            #expect(store.movesFromMemory.load(ordering: .relaxed) == 0)
            #expect(try await store.setGame(for: ana)?.version == 2)
            // Nor when it saves nothing.
            let counted = try await store.move { transaction in
                (try? transaction.rows("SELECT player_id FROM set_game") { try $0("player_id") as String })?
                    .count
            }
            #expect(counted == 2)
        }
    }

    /// A held save is sent only once the move has returned: a move that throws after it saves
    /// nothing. One that saves two rows runs on a connection and saves both.
    @Test(arguments: TestStores.available.filter { $0 != .sqlite })
    func aHeldSaveIsSentOnlyWhenTheMoveReturns(store kind: TestStores.Kind) async throws {
        struct ChangedItsMind: Error {}
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = try #require(instances[0].database as? PostgresDatabase)
            for player in [ana, bo] { _ = try await store.changeSetGame(for: player, at: now, Self.nextGame) }
            let (ana, bo, now) = (ana, bo, now)
            await #expect(throws: ChangedItsMind.self) {
                try await store.move { transaction in
                    let start = try transaction.setGameForMove(for: ana)
                    try transaction.save(
                        Self.game(after: start.value), for: ana, at: now, unlessChangedSince: start.version,
                        finishing: nil)
                    throw ChangedItsMind()
                }
            }
            #expect(try await store.setGame(for: ana)?.version == 1)

            try await store.move { transaction in
                for player in [ana, bo] {
                    let start = try transaction.setGameForMove(for: player)
                    try transaction.save(
                        Self.game(after: start.value), for: player, at: now,
                        unlessChangedSince: start.version,
                        finishing: nil)
                }
            }
            #expect(try await store.setGame(for: ana)?.version == 2)
            #expect(try await store.setGame(for: bo)?.version == 2)
            #expect(store.movesFromMemory.load(ordering: .relaxed) == 0)
        }
    }

    /// A move held from memory whose row another instance changed meanwhile runs again on the
    /// row as read, and what it saves is kept for the next.
    @Test(arguments: TestStores.available.filter { $0 != .sqlite })
    func aHeldSaveOverARowChangedMeanwhileRunsAgain(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 2) { instances in
            let mine = try #require(instances[0].database as? PostgresDatabase)
            let theirs = instances[1].database
            _ = try await mine.changeSetGame(for: ana, at: now, Self.nextGame)
            #expect(try await theirs.changeSetGame(for: ana, at: now, Self.nextGame) == 1)
            #expect(try await mine.changeSetGame(for: ana, at: now, Self.nextGame) == 2)
            #expect(mine.movesFromMemory.load(ordering: .relaxed) == 0)
            #expect(try await mine.changeSetGame(for: ana, at: now, Self.nextGame) == 3)
            #expect(mine.movesFromMemory.load(ordering: .relaxed) == 1)
            #expect(try await theirs.setGame(for: ana)?.version == 4)
        }
    }

    /// The game after `stored`, one version on; and the version it was after (nil: none).
    static func nextGame(_ stored: StoredSetGame) -> (save: SavedSetGame?, value: Int?) {
        (Self.game(after: stored), stored.saved?.version)
    }

    static func game(after stored: StoredSetGame) -> SavedSetGame {
        SavedSetGame(
            game: SetGame(mode: .solo, at: Date(timeIntervalSinceReferenceDate: 900_000_000)),
            lastMove: .newGame, version: (stored.saved?.version ?? 0) + 1)
    }
}
