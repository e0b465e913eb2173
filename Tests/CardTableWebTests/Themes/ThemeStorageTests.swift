import Foundation
import Logging
import MemorizeCore
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// Themes and the Memorize games dealt from them, on SQLite and (with a test cluster) on
/// PostgreSQL: the shared built-ins until a player changes their list, each player's own
/// themes, Undo for the last delete, moves, and games that follow their theme's edits.
@Suite struct ThemeStorageTests {
    let player = PlayerID.random()
    let now = Date(timeIntervalSince1970: 1_000_000)
    let secret = ServerSecret.random()

    static let sample = Theme(name: "Sample", emojis: ["🐸", "🦄", "🐝"], numberOfPairs: 2, color: "teal")

    /// Runs `body` with the themes and games of one new database of `kind`.
    private func withStore(
        _ kind: TestStores.Kind, _ body: (any CardTableDatabase, MemorizeReferee) async throws -> Void
    ) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            try await body(instances[0].database, referee(on: instances[0].database))
        }
    }

    /// The columns a theme is read from in a join (``ThemeRecord/columnNames``, each under a prefix)
    /// are every column it reads.
    @Test(arguments: TestStores.available)
    func aThemeReadThroughItsListedColumnsIsTheWholeRow(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, _ in
            let added = try await store.addTheme(Self.sample, for: player, at: now)
            let (whole, listed) = try await store.read { transaction in
                (
                    try transaction.themeRecords("SELECT * FROM theme WHERE id = \(added.id.rawValue)"),
                    try transaction.rows(
                        """
                        SELECT \(ThemeRecord.columns(of: "t", selectedAs: "listed_")) FROM theme t
                        WHERE id = \(added.id.rawValue)
                        """
                    ) { try ThemeRecord(PrefixedRow($0, prefix: "listed_")) }
                )
            }
            #expect(whole.count == 1)
            #expect(listed == whole)
        }
    }

    @Test(arguments: TestStores.available)
    func newPlayersSeeTheSharedBuiltInThemes(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let themes = try await store.themes(of: player)
            #expect(themes.map(\.theme) == Theme.builtIn)
            #expect(try await store.themes(of: PlayerID.random()) == themes)
        }
    }

    @Test(arguments: TestStores.available)
    func changingTheListGivesThePlayerTheirOwnCopies(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let shared = try await store.themes(of: player)
            #expect(try await store.moveTheme(shared[0].id, to: 1, for: player, at: now))
            let own = try await store.themes(of: player)
            #expect(
                own.map(\.theme) == [shared[1], shared[0]].map(\.theme) + shared.dropFirst(2).map(\.theme))
            #expect(Set(own.map(\.id)).isDisjoint(with: shared.map(\.id)))
            // A copy still answers to its built-in's id; other players keep the shared list.
            #expect(try await store.theme(shared[0].id, of: player)?.id == own[1].id)
            #expect(try await store.themes(of: PlayerID.random()) == shared)
        }
    }

    @Test(arguments: TestStores.available)
    func playersThemesAreTheirOwn(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let other = PlayerID.random()
            let mine = try await store.addTheme(Self.sample, for: player, at: now)
            #expect(try await store.theme(mine.id, of: other) == nil)
            #expect(try await store.updateTheme(mine.id, to: Self.sample, for: other, at: now) == nil)
            #expect(try await store.deleteTheme(mine.id, for: other, at: now) == nil)
            #expect(try await store.moveTheme(mine.id, to: 0, for: other, at: now) == false)
            #expect(try await store.themes(of: other).count == Theme.builtIn.count)
        }
    }

    @Test(arguments: TestStores.available)
    func addedThemeGoesLast(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let added = try await store.addTheme(Self.sample, for: player, at: now)
            #expect(try await store.themes(of: player).last == added)
        }
    }

    @Test(arguments: TestStores.available)
    func updatingKeepsRemovedEmojiAndReportsChange(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let added = try await store.addTheme(Self.sample, for: player, at: now)
            var edited = added.theme
            edited.remove("🐸")
            #expect(try await store.updateTheme(added.id, to: edited, for: player, at: now) == true)
            #expect(try await store.theme(added.id, of: player)?.theme.removedEmojis == ["🐸"])
            #expect(try await store.updateTheme(added.id, to: edited, for: player, at: now) == false)
        }
    }

    @Test(arguments: TestStores.available)
    func deleteIsUndoableUntilTheNextDelete(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let themes = try await store.themes(of: player)
            let first = themes[0]
            let second = themes[1]
            _ = try await store.deleteTheme(first.id, for: player, at: now)
            #expect(try await store.theme(first.id, of: player) == nil)
            #expect(try await store.recentlyDeletedTheme(of: player)?.theme == first.theme)
            #expect(try await store.undoDeleteTheme(first.id, for: player)?.theme == first.theme)
            #expect(try await store.themes(of: player).map(\.theme) == themes.map(\.theme))

            _ = try await store.deleteTheme(first.id, for: player, at: now)
            _ = try await store.deleteTheme(second.id, for: player, at: now)
            #expect(try await store.undoDeleteTheme(first.id, for: player) == nil)
            #expect(try await store.undoDeleteTheme(second.id, for: player)?.theme == second.theme)
        }
    }

    @Test(arguments: TestStores.available, [(0, 3), (3, 0), (2, 2), (0, 99), (4, -5)])
    func moveReorders(store kind: TestStores.Kind, move: (from: Int, to: Int)) async throws {
        let (from, to) = move
        try await withStore(kind) { store, referee in
            let before = try await store.themes(of: player)
            #expect(try await store.moveTheme(before[from].id, to: to, for: player, at: now))
            var expected = before
            let moved = expected.remove(at: from)
            expected.insert(moved, at: min(max(0, to), expected.count))
            #expect(try await store.themes(of: player).map(\.theme) == expected.map(\.theme))
        }
    }

    @Test(arguments: TestStores.available)
    func theFirstDealIsTheSameOnEveryVisitAndStoredByTheFirstTap(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let theme = try await store.addTheme(Self.sample, for: player, at: now)
            let first = try await referee.currentGame(in: .theme(theme.id), for: player).game
            #expect(try await referee.database.memorizeGame(in: .theme(theme.id), for: player) == nil)
            #expect(try await referee.currentGame(in: .theme(theme.id), for: player).game == first)
            let played = try await referee.choose(
                cardNumber: 1, deal: first.deal, in: .theme(theme.id), for: player
            ).game
            #expect(played.deal == first.deal)
            #expect(played.game.cards.map(\.content) == first.game.cards.map(\.content))
            #expect(try await referee.database.memorizeGame(in: .theme(theme.id), for: player) == played)
        }
    }

    @Test(arguments: TestStores.available)
    func editingAThemeRestartsItsGame(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let theme = try await store.addTheme(Self.sample, for: player, at: now)
            _ = try await referee.choose(cardNumber: 1, deal: nil, in: .theme(theme.id), for: player)
            var edited = theme.theme
            edited.name = "Renamed"
            _ = try await store.updateTheme(theme.id, to: edited, for: player, at: now)
            #expect(try await referee.database.memorizeGame(in: .theme(theme.id), for: player) == nil)
        }
    }

    @Test(arguments: TestStores.available)
    func deletingAThemeDeletesItsGame(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let theme = try await store.addTheme(Self.sample, for: player, at: now)
            _ = try await referee.choose(cardNumber: 1, deal: nil, in: .theme(theme.id), for: player)
            #expect(try await referee.database.memorizeGame(in: .theme(theme.id), for: player) != nil)
            _ = try await store.deleteTheme(theme.id, for: player, at: now)
            #expect(try await referee.database.memorizeGame(in: .theme(theme.id), for: player) == nil)
        }
    }

    @Test(arguments: TestStores.available)
    func unknownThemeHasNoGame(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            await #expect(throws: AppError.noSuchTheme) {
                try await referee.currentGame(in: .theme(ThemeID(999_999)), for: player)
            }
            let stored = try await referee.database.memorizeGame(in: .theme(ThemeID(999_999)), for: player)
            #expect(stored == nil)
        }
    }

    @Test(arguments: TestStores.available)
    func aTapOnACardThatDoesNotExistSavesNothing(store kind: TestStores.Kind) async throws {
        try await withStore(kind) { store, referee in
            let theme = try await store.addTheme(Self.sample, for: player, at: now)
            await #expect(throws: AppError.notFound("This game has no card 99: its cards are 1 to 4.")) {
                try await referee.choose(cardNumber: 99, deal: nil, in: .theme(theme.id), for: player)
            }
            #expect(try await referee.database.memorizeGame(in: .theme(theme.id), for: player) == nil)
        }
    }

    /// SQLite only: a file, closed and opened again.
    @Test func databaseFileKeepsEverythingAcrossReopening() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("cardtable-\(UUID().uuidString)/nested")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let added: SavedTheme
        let game: SavedMemorizeGame
        do {
            let fileStore = try SQLiteDatabase(.file(path: path))
            added = try await fileStore.addTheme(Self.sample, for: player, at: now)
            game = try await referee(on: fileStore).choose(
                cardNumber: 1, deal: nil, in: .theme(added.id), for: player
            ).game
        }
        let reopened = try SQLiteDatabase(.file(path: path))
        #expect(try await reopened.theme(added.id, of: player) == added)
        let restored = try #require(try await reopened.memorizeGame(in: .theme(added.id), for: player))
        #expect(restored.game == game.game)
        #expect(restored.game.cards[0].isFaceUp)
    }

    // MARK: - Helpers

    private func referee(on store: any CardTableDatabase) -> MemorizeReferee {
        let now = now
        return MemorizeReferee(
            database: store, environment: WebEnvironment(now: { now }), secret: secret,
            logger: Logger(label: "test"))
    }
}
