import Foundation
import Logging
import MemorizeCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// What Memorize games and themes must do alike in storage on SQLite and (with a test cluster) on
/// PostgreSQL beyond the basics in ``ThemeStorageTests``: one player's moves from several
/// instances in turn, games that follow a built-in to the player's copy, deleted built-ins that
/// come back, the theme limit, and unreadable rows set aside.
@Suite struct MemorizeStorageTests {
    let player = PlayerID.random()
    let now = Date(timeIntervalSince1970: 1_000_000)

    /// Four instances make ten changes each to one player's game in one slot, as fast as they
    /// can: every change sees the one before (each adds one to the deal number).
    @Test(arguments: TestStores.available)
    func onePlayersMovesFromSeveralInstancesAreAppliedInTurn(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 4) { instances in
            let theme = try await instances[0].database.addTheme(
                ThemeStorageTests.sample, for: player, at: now)
            let slot = MemorizeSlot.theme(theme.id)
            let (player, now) = (player, now)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for instance in instances {
                    group.addTask {
                        for _ in 0..<10 {
                            try await instance.database.changeMemorizeGame(
                                in: slot, for: player, dealing: false, clock: { now }
                            ) { desk, _ in
                                let theme = try #require(desk.theme)
                                var generator = SystemRandomNumberGenerator()
                                let game = SavedMemorizeGame(
                                    slot: desk.slot, theme: theme,
                                    game: theme.theme.makeGame(speedBonus: .standard, using: &generator),
                                    deal: (desk.stored?.deal ?? 0) + 1)
                                return (MemorizeSaving(game: game), ())
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await instances[1].database.memorizeGame(in: slot, for: player)?.deal == 40)
        }
    }

    /// A move's save is made only while the game is as the move read it: a game deleted
    /// meanwhile (its theme was edited) is not brought back, one played meanwhile is not
    /// overwritten, and an empty slot filled meanwhile is not replaced. On PostgreSQL, where a move
    /// reads and saves in statements of their own; SQLite runs a whole move in one transaction.
    @Test(arguments: TestStores.available.filter { $0 != .sqlite })
    func aSaveIsRefusedOnceTheGameChangedSinceItWasRead(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let referee = referee(on: database)
            let theme = try await database.addTheme(ThemeStorageTests.sample, for: player, at: now)
            let slot = MemorizeSlot.theme(theme.id)
            let (player, now) = (player, now)
            let empty = try await database.write { try $0.memorizeGameAndVersion(in: slot, for: player) }
            #expect(empty.game == nil && empty.version == .absent)
            let first = try await referee.choose(cardNumber: 1, deal: nil, in: slot, for: player).game
            // The slot was empty when read: a save now would replace the game stored since.
            await #expect(throws: ChangedMeanwhile.self) {
                try await database.write {
                    try $0.save(first, for: player, at: now, unlessChangedSince: empty.version, with: [])
                }
            }
            let read = try await database.write { try $0.memorizeGameAndVersion(in: slot, for: player) }
            #expect(read.game?.game == first.game && read.version != .absent)
            _ = try await referee.choose(cardNumber: 2, deal: nil, in: slot, for: player)
            let played = try await database.memorizeGame(in: slot, for: player)
            // Played meanwhile: the game read before that stays unsaved.
            await #expect(throws: ChangedMeanwhile.self) {
                try await database.write {
                    try $0.save(first, for: player, at: now, unlessChangedSince: read.version, with: [])
                }
            }
            #expect(try await database.memorizeGame(in: slot, for: player) == played)
            // Deleted meanwhile: it stays deleted.
            let last = try await database.write { try $0.memorizeGameAndVersion(in: slot, for: player) }
            try await database.write { try $0.deleteMemorizeGames(dealtFrom: theme.id) }
            await #expect(throws: ChangedMeanwhile.self) {
                try await database.write {
                    try $0.save(first, for: player, at: now, unlessChangedSince: last.version, with: [])
                }
            }
            #expect(try await database.memorizeGame(in: slot, for: player) == nil)
        }
    }

    /// Deals and ids are drawn up to 2^53: the largest is kept exactly.
    @Test(arguments: TestStores.available)
    func theLargestDealIsKeptExactly(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            let theme = try #require(try await instances[0].database.themes(of: player).first)
            let (player, now) = (player, now)
            try await store.changeMemorizeGame(
                in: .theme(theme.id), for: player, dealing: true, clock: { now }
            ) { desk, _ in
                var generator = SystemRandomNumberGenerator()
                let game = SavedMemorizeGame(
                    slot: desk.slot, theme: theme,
                    game: theme.theme.makeGame(speedBonus: .standard, using: &generator),
                    deal: ThemeID.maximum)
                return (MemorizeSaving(game: game), ())
            }
            #expect(try await store.memorizeGame(in: .theme(theme.id), for: player)?.deal == ThemeID.maximum)
        }
    }

    /// A game played on a shared built-in follows the player to their own copy of it when they
    /// change their list, and is still found by the built-in's id.
    @Test(arguments: TestStores.available)
    func aGameOnABuiltInFollowsThePlayerToTheirCopy(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let referee = referee(on: instances[0].database)
            let themes = instances[0].database
            let builtIn = try #require(try await themes.themes(of: player).first)
            let played = try await referee.choose(
                cardNumber: 2, deal: nil, in: .theme(builtIn.id), for: player
            ).game
            #expect(try await themes.moveTheme(builtIn.id, to: 3, for: player, at: now))
            let copy = try #require(try await themes.theme(builtIn.id, of: player))
            #expect(copy.id != builtIn.id)
            let moved = try #require(
                try await instances[0].database.memorizeGame(in: .theme(copy.id), for: player))
            #expect(moved.game == played.game)
            #expect(moved.theme.id == copy.id)
            #expect(
                try await referee.currentGame(in: .theme(builtIn.id), for: player).game.game == played.game)
        }
    }

    /// A random game's theme is read with its row, as the theme's own slot would find it: a
    /// built-in's id answers with the player's copy once they have one.
    @Test(arguments: TestStores.available)
    func aRandomGameFindsItsThemeWithItsRow(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let instance = instances[0]
            let played = try await referee(on: instance.database).choose(
                cardNumber: 1, deal: nil, in: .random, for: player
            ).game
            var desk = try await instance.database.memorizeDesk(in: .random, for: player, dealing: false)
            #expect(desk.stored?.game == played.game)
            #expect(desk.stored?.theme == played.theme)

            let builtIn = played.theme.id
            #expect(try await instance.database.moveTheme(builtIn, to: 5, for: player, at: now))
            let copy = try #require(try await instance.database.theme(builtIn, of: player))
            // A game left on the built-in's id (the move takes games along to the copy).
            try await instance.execute(
                "UPDATE memorize_game SET theme_id = \(builtIn.rawValue) WHERE player_id = '\(player.rawValue)'"
            )
            desk = try await instance.database.memorizeDesk(in: .random, for: player, dealing: false)
            #expect(desk.stored?.theme == copy)
            #expect(desk.stored?.game == played.game)
        }
    }

    /// A random game whose theme is gone is no game (its row stays, so a save finds it as it
    /// was); one whose theme cannot be read sets the theme aside, with its games.
    @Test(arguments: TestStores.available)
    func aRandomGameWithoutAReadableThemeIsNoGame(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let instance = instances[0]
            let added = try await instance.database.addTheme(ThemeStorageTests.sample, for: player, at: now)
            let referee = referee(on: instance.database)
            _ = try await referee.choose(cardNumber: 1, deal: nil, in: .random, for: player)
            try await instance.execute(
                "UPDATE memorize_game SET theme_id = \(added.id.rawValue) WHERE player_id = '\(player.rawValue)'"
            )
            #expect(
                try await instance.database.memorizeDesk(in: .random, for: player, dealing: false).stored?
                    .theme.id
                    == added.id)

            try await instance.execute(
                "UPDATE theme SET is_deleted = \(true) WHERE id = \(added.id.rawValue)")
            var desk = try await instance.database.memorizeDesk(in: .random, for: player, dealing: false)
            #expect(desk.stored == nil)
            #expect(desk.storedVersion != .absent)

            try await instance.execute(
                "UPDATE theme SET is_deleted = \(false), color = 'not json' WHERE id = \(added.id.rawValue)")
            desk = try await instance.database.memorizeDesk(in: .random, for: player, dealing: false)
            #expect(desk.stored == nil)
            #expect(try await instance.count("SELECT count(*) FROM memorize_game") == 0)
            #expect(
                try await instance.count(
                    "SELECT count(*) FROM quarantine WHERE table_name = 'theme' AND row_key = '{\"id\":\(added.id.rawValue)}'"
                ) == 1)
        }
    }

    /// Deleted built-ins are counted and come back at the end of the list, once each, even the
    /// one waiting for Undo.
    @Test(arguments: TestStores.available)
    func deletedBuiltInsComeBackOnce(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            let themes = try await store.themes(of: player)
            #expect(try await store.themeList(of: player).missingBuiltInCount == 0)
            _ = try await store.deleteTheme(themes[0].id, for: player, at: now)
            _ = try await store.deleteTheme(themes[2].id, for: player, at: now)
            #expect(try await store.themeList(of: player).missingBuiltInCount == 2)
            #expect(try await store.restoreBuiltInThemes(for: player, at: now) == 2)
            let after = try await store.themes(of: player).map(\.theme)
            #expect(after.count == themes.count)
            #expect(Array(after.suffix(2)) == [themes[0].theme, themes[2].theme])
            #expect(try await store.recentlyDeletedTheme(of: player) == nil)
            #expect(try await store.restoreBuiltInThemes(for: player, at: now) == 0)
        }
    }

    @Test(arguments: TestStores.available)
    func aPlayerKeepsAHundredThemesAtMost(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            let builtIns = try await store.themes(of: player).count
            for number in builtIns..<ThemeList.maximumCount {
                _ = try await store.addTheme(
                    Theme(name: "Theme \(number)", emojis: ["🐸", "🦄"], numberOfPairs: 2, color: "teal"),
                    for: player, at: now)
            }
            await #expect(throws: ThemeLimitReached()) {
                try await store.addTheme(ThemeStorageTests.sample, for: player, at: now)
            }
            #expect(try await store.themes(of: player).count == ThemeList.maximumCount)
        }
    }

    /// A theme whose color no longer reads is moved to the quarantine with its games; the list
    /// says how many were set aside, and the rest keep their order.
    @Test(arguments: TestStores.available)
    func anUnreadableThemeIsSetAsideWithItsGames(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let instance = instances[0]
            let added = try await instance.database.addTheme(ThemeStorageTests.sample, for: player, at: now)
            _ = try await referee(on: instance.database).choose(
                cardNumber: 1, deal: nil, in: .theme(added.id), for: player)
            let before = try await instance.database.themes(of: player)
            try await instance.execute("UPDATE theme SET color = 'not json' WHERE id = \(added.id.rawValue)")

            let list = try await instance.database.themeList(of: player)
            #expect(list.setAsideCount == 1)
            #expect(list.themes == before.filter { $0.id != added.id })
            #expect(try await instance.database.themeList(of: player).setAsideCount == 0)
            #expect(try await instance.count("SELECT count(*) FROM memorize_game") == 0)
            #expect(
                try await instance.count(
                    "SELECT count(*) FROM quarantine WHERE table_name = 'theme' AND row_key = '{\"id\":\(added.id.rawValue)}'"
                ) == 1)
        }
    }

    /// Changes that read the whole list (moving a theme, a first change copying the shared
    /// built-ins) set aside a theme that cannot be read, and go on without it: no copy of it is
    /// made.
    @Test(arguments: TestStores.available)
    func changesThatReadTheWholeListSetAsideAThemeThatCannotBeRead(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let (instance, themes) = (instances[0], instances[0].database)
            let shared = try await themes.themes(of: player)
            try await instance.execute(
                "UPDATE theme SET color = 'not json' WHERE id = \(shared[1].id.rawValue)")

            #expect(try await themes.moveTheme(shared[0].id, to: 1, for: player, at: now))
            let quarantined = "SELECT count(*) FROM quarantine WHERE table_name = 'theme'"
            #expect(try await instance.count(quarantined) == 1)
            let own = try await themes.themes(of: player)
            #expect(
                own.map(\.theme.name) == [shared[2], shared[0]].map(\.theme.name)
                    + shared.dropFirst(3).map(\.theme.name))

            let copies = try await themes.themes(of: player).map(\.id)
            try await instance.execute("UPDATE theme SET emojis = '[' WHERE id = \(copies[0].rawValue)")
            #expect(try await themes.moveTheme(copies[1], to: 0, for: player, at: now))
            #expect(try await instance.count(quarantined) == 2)
            #expect(try await themes.themes(of: player).map(\.id) == [copies[1]] + copies.dropFirst(2))
        }
    }

    /// A game or preferences row that no longer reads is set aside: the player is dealt afresh
    /// with the default pace, and the next tap saves again.
    @Test(arguments: TestStores.available)
    func unreadableGamesAndPreferencesAreSetAside(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let instance = instances[0]
            let referee = referee(on: instance.database)
            let theme = try #require(try await instance.database.themes(of: player).first)
            _ = try await referee.setPreferences(
                MemorizePreferences(peeksAtStart: false, turnBackDelay: .twoSeconds), in: .theme(theme.id),
                for: player)
            _ = try await referee.choose(cardNumber: 1, deal: nil, in: .theme(theme.id), for: player)
            try await instance.execute("UPDATE memorize_game SET state = '{\"cards\":7}'")
            try await instance.execute("UPDATE memorize_preferences SET turn_back_after_ms = 1234")

            let table = try await referee.currentGame(in: .theme(theme.id), for: player)
            #expect(table.preferences == MemorizePreferences())
            #expect(table.game.game.cards.allSatisfy { !$0.isFaceUp })
            #expect(
                try await instance.count(
                    "SELECT count(*) FROM quarantine WHERE table_name IN ('memorize_game', 'memorize_preferences')"
                )
                    == 2)
            _ = try await referee.choose(cardNumber: 1, deal: nil, in: .theme(theme.id), for: player)
            #expect(try await instance.database.memorizeGame(in: .theme(theme.id), for: player) != nil)
        }
    }

    private func referee(on store: any CardTableDatabase) -> MemorizeReferee {
        let now = now
        return MemorizeReferee(
            database: store, environment: WebEnvironment(now: { now }), secret: .random(),
            logger: Logger(label: "test"))
    }
}
