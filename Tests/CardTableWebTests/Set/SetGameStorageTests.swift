import Foundation
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableWeb

/// The Set games' store, on SQLite and (with a test cluster) on PostgreSQL: a game reads back as
/// saved, a change that throws or saves nothing leaves it, one player's moves from several
/// instances at once are applied one after another, and an unreadable row is set aside.
@Suite struct SetGameStorageTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    private func game(version: Int) -> SavedSetGame {
        SavedSetGame(
            game: SetGame(mode: .solo, at: now), lastMove: .newGame, colorBlind: true, version: version)
    }

    @Test(arguments: TestStores.available)
    func aGameReadsBackAsSavedAndAFailedChangeSavesNothing(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            let player = PlayerID.random()
            #expect(try await store.setGame(for: player) == nil)
            let saved = game(version: 3)
            let seen = try await store.changeSetGame(for: player, at: now) { stored in (saved, stored.saved) }
            #expect(seen == nil)
            #expect(try await store.setGame(for: player) == saved)
            // Nothing to save, and a change that throws: the game stays.
            let kept = try await store.changeSetGame(for: player, at: now) { stored in (nil, stored.saved) }
            #expect(kept == saved)
            await #expect(throws: AppError.self) {
                try await store.changeSetGame(for: player, at: now) {
                    stored -> (save: SavedSetGame?, value: Int) in
                    _ = (stored.saved.map { self.game(version: $0.version + 1) }, 0)
                    throw AppError.conflict("No.")
                }
            }
            #expect(try await store.setGame(for: player) == saved)
        }
    }

    /// Four instances make ten moves each on one player's game (the first of all deals it), as
    /// fast as they can: every move sees the one before.
    @Test(arguments: TestStores.available)
    func onePlayersMovesFromSeveralInstancesAreAppliedInTurn(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 4) { instances in
            let player = PlayerID.random()
            let now = now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for instance in instances {
                    group.addTask {
                        for _ in 0..<10 {
                            try await instance.database.changeSetGame(for: player, at: now) { stored in
                                let next = SavedSetGame(
                                    game: SetGame(mode: .solo, at: now), lastMove: .newGame,
                                    version: stored.saved.map { $0.version + 1 } ?? 0)
                                return (next, ())
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await instances[0].database.setGame(for: player)?.version == 39)
        }
    }

    @Test(arguments: TestStores.available)
    func anUnreadableGameIsSetAsideAndANewOneCanBeSaved(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            let player = PlayerID.random()
            _ = try await store.changeSetGame(for: player, at: now) { _ in (self.game(version: 0), ()) }
            try await instances[0].execute("UPDATE set_game SET state = '{\"not\": \"a game\"}', version = 7")
            // What could still be read of it is answered once, for the game dealt in its place.
            #expect(try await store.storedSetGame(for: player) == .setAside(colorBlind: true, version: 7))
            #expect(try await store.setGame(for: player) == nil)
            let seen = try await store.changeSetGame(for: player, at: now) { stored in
                (self.game(version: 0), stored)
            }
            #expect(seen == .none)
            #expect(try await store.setGame(for: player)?.version == 0)
            // Set aside, not lost: the quarantine holds the row.
            let quarantined = try await instances[0].count(
                "SELECT count(*) FROM quarantine WHERE table_name = 'set_game' AND row_text LIKE '%a game%'")
            #expect(quarantined == 1)
        }
    }
}
