import Foundation
import MemorizeCore
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// A browser with progress of its own joins the player it links to and loses nothing: on SQLite
/// and (with a test cluster) on PostgreSQL.
@Suite struct PlayerMergeTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let player = PlayerID.random()
    let other = PlayerID.random()

    @Test(arguments: TestStores.available)
    func theOthersHistorySolvesAndThemesJoinThePlayer(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            try await Self.finishSetGame(for: player, in: database, at: now)
            try await Self.finishSetGame(for: other, in: database, at: now + 100)
            try await Self.finishSetGame(for: other, in: database, at: now + 200)
            try await solve("2026-11-01", by: player, in: 9000, wrongTries: 0, database)
            try await solve("2026-11-01", by: other, in: 5000, wrongTries: 3, database)
            try await solve("2026-11-02", by: other, in: 7000, wrongTries: 1, database)
            try await solve("2026-11-03", by: player, in: 6000, wrongTries: 0, database)
            try await solve("2026-11-03", by: other, in: 6000, wrongTries: 2, database)
            _ = try await database.addTheme(ThemeStorageTests.sample, for: other, at: now)

            let merge = try await database.mergePlayer(other, into: player, at: now + 300)

            #expect(merge == PlayerMerge(finishedGames: 2, dailySolves: 2, themes: 1))
            #expect(try await database.finishedGames(of: player).count == 3)
            let solves = try await database.dailySolves(of: player)
            #expect(solves.map(\.date.description) == ["2026-11-01", "2026-11-02", "2026-11-03"])
            #expect(solves.map(\.seconds) == [5, 7, 6])
            #expect(solves.map(\.wrongTries) == [3, 1, 0])
            let themes = try await database.themes(of: player)
            #expect(themes.map(\.theme.name) == Theme.builtIn.map(\.name) + ["Sample"])
            #expect(
                try await instances[0].count("SELECT count(*) FROM player WHERE id = '\(other.rawValue)'")
                    == 0)
        }
    }

    /// Issue 47: a merge keeps the cap on themes. One that would leave the player more than
    /// ``ThemeList/maximumCount`` is refused whole, naming the numbers, and nothing moves; one that
    /// reaches the cap exactly goes through (built-in themes both have count once).
    @Test(arguments: TestStores.available)
    func aMergeOverTheThemeCapIsRefusedAndChangesNothing(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let builtIns = Theme.builtIn.count
            for _ in 0..<10 {
                _ = try await database.addTheme(ThemeStorageTests.sample, for: player, at: now)
            }
            let theirs = ThemeList.maximumCount - builtIns
            for _ in 0..<theirs {
                _ = try await database.addTheme(ThemeStorageTests.sample, for: other, at: now)
            }
            try await Self.finishSetGame(for: other, in: database, at: now)

            await #expect(
                throws: AppError.conflict(
                    "Linking would give you \(builtIns + 10 + theirs) themes (\(builtIns + 10) and \(theirs) from this "
                        + "browser), and one player keeps at most 100: delete \(builtIns + 10 + theirs - 100) on either "
                        + "device, then link again.")
            ) { try await database.mergePlayer(other, into: player, at: now + 1) }
            #expect(try await database.themes(of: player).count == builtIns + 10)
            #expect(try await database.themes(of: other).count == ThemeList.maximumCount)
            #expect(try await database.finishedGames(of: other).count == 1)
            #expect(try await database.finishedGames(of: player).isEmpty)

            let bea = PlayerID.random()
            let merge = try await database.mergePlayer(other, into: bea, at: now + 2)
            #expect(merge.themes == theirs)
            #expect(try await database.themes(of: bea).count == ThemeList.maximumCount)
        }
    }

    /// Games in progress: the player's are kept; the other's move only where the player has none
    /// (a Memorize game with the theme it is dealt from).
    @Test(arguments: TestStores.available)
    func theOthersGameInProgressMovesOnlyWhereThePlayerHasNone(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let third = PlayerID.random()
            for (owner, version) in [(other, 7), (third, 9)] {
                try await database.changeSetGame(for: owner, at: now) { _ in
                    var saved = SavedSetGame(game: SetGame(mode: .solo, at: now))
                    saved.version = version
                    return (saved, ())
                }
            }
            try await database.write { try $0.lockPlayer(player, at: now) }

            let theme = try await database.addTheme(ThemeStorageTests.sample, for: other, at: now)
            let dealtAt = now
            try await database.changeMemorizeGame(
                in: .theme(theme.id), for: other, dealing: true, clock: { dealtAt }
            ) { desk, _ in
                let theme = try #require(desk.theme)
                var generator = SystemRandomNumberGenerator()
                let game = SavedMemorizeGame(
                    slot: desk.slot, theme: theme,
                    game: theme.theme.makeGame(speedBonus: .standard, using: &generator), deal: 5)
                return (MemorizeSaving(game: game), ())
            }

            _ = try await database.mergePlayer(other, into: player, at: now + 1)
            #expect(try await database.setGame(for: player)?.version == 7)
            #expect(try await database.memorizeGame(in: .theme(theme.id), for: player)?.deal == 5)
            _ = try await database.mergePlayer(third, into: player, at: now + 2)
            #expect(try await database.setGame(for: player)?.version == 7)
        }
    }

    /// Rooms the other hosts stay open, hosted by the player, who is the member the other was
    /// (RoomPlayerMergeTests has the rest of the rule).
    @Test(arguments: TestStores.available)
    func roomsTheOtherHostsStay(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let other = other
            let code = try await database.createRoom(
                at: now, maximumOpenRooms: 5,
                code: {
                    var generator = SystemRandomNumberGenerator()
                    return RoomCode.random(using: &generator)
                }
            ) { code in
                (
                    Room(
                        code: code, game: .set, theme: nil, host: other,
                        hostName: try! DisplayName(typed: "Bea")),
                    [RoomHappening(kind: .joined, text: "Bea made the room.", member: 1)]
                )
            }.stored.room.code

            _ = try await database.mergePlayer(other, into: player, at: now + 1)
            let room = try #require(try await database.room(code, with: .none)).stored.room
            #expect(room.host.player == player)
            #expect(room.member(for: other) == nil)
            #expect(
                try await instances[0].count(
                    "SELECT count(*) FROM room WHERE host_id = '\(player.rawValue)'") == 1)
        }
    }

    /// Nothing happens for a player who is not stored, or who is the player.
    @Test(arguments: TestStores.available)
    func aMergeOfNobodyChangesNothing(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            try await Self.finishSetGame(for: player, in: database, at: now)
            #expect(try await database.mergePlayer(other, into: player, at: now) == .nothing)
            #expect(try await database.mergePlayer(player, into: player, at: now) == .nothing)
            #expect(try await database.finishedGames(of: player).count == 1)
            // NB: the player and the owner of the shared built-in themes.
            #expect(try await instances[0].count("SELECT count(*) FROM player") == 2)
        }
    }

    // MARK: - Helpers

    /// Stores a Set game one Set from its end for `owner`, then takes that Set: one finished game.
    static func finishSetGame(for owner: PlayerID, in database: any CardTableDatabase, at moment: Date)
        async throws
    {
        let table = SetFixtures.set + Array(SetFixtures.companions.prefix(9))
        let almostOver = SavedSetGame(game: try SetGame(deck: [], table: table, at: moment))
        try await database.changeSetGame(for: owner, at: moment) { _ in (almostOver, ()) }
        try await database.changeSetGame(for: owner, at: moment + 5) { stored in
            var saved = try #require(stored.saved)
            for card in SetFixtures.set { saved.game.select(card, at: moment + 5) }
            return (saved, ())
        }
    }

    private func solve(
        _ day: String, by owner: PlayerID, in milliseconds: Int, wrongTries: Int,
        _ database: any CardTableDatabase
    ) async throws {
        let now = now
        try await database.write { transaction in
            try transaction.lockPlayer(owner, at: now)
            try transaction.execute(
                """
                INSERT INTO daily_solve (player_id, puzzle_date, duration_ms, wrong_tries, solved_at)
                VALUES (\(owner.rawValue), \(day), \(milliseconds), \(wrongTries), \(now))
                """)
        }
    }
}
