import Foundation
import Logging
import MemorizeCore
import Testing

@testable import CardTableWeb

@Suite struct CardTableStoreTests {
    let store: CardTableStore
    let player = PlayerID.random()
    let now = Date(timeIntervalSince1970: 1_000_000)
    let secret = ServerSecret.random()

    init() throws {
        store = try CardTableStore(.inMemory)
    }

    static let sample = Theme(name: "Sample", emojis: ["🐸", "🦄", "🐝"], numberOfPairs: 2, color: "teal")

    @Test func newPlayersSeeTheSharedBuiltInThemes() async throws {
        let themes = try await store.themes(of: player)
        #expect(themes.map(\.theme) == Theme.builtIn)
        #expect(try await store.themes(of: PlayerID.random()) == themes)
    }

    @Test func changingTheListGivesThePlayerTheirOwnCopies() async throws {
        let shared = try await store.themes(of: player)
        #expect(try await store.moveTheme(shared[0].id, to: 1, for: player, at: now))
        let own = try await store.themes(of: player)
        #expect(own.map(\.theme) == [shared[1], shared[0]].map(\.theme) + shared.dropFirst(2).map(\.theme))
        #expect(Set(own.map(\.id)).isDisjoint(with: shared.map(\.id)))
        // A copy still answers to its built-in's id; other players keep the shared list.
        #expect(try await store.theme(shared[0].id, of: player)?.id == own[1].id)
        #expect(try await store.themes(of: PlayerID.random()) == shared)
    }

    @Test func playersThemesAreTheirOwn() async throws {
        let other = PlayerID.random()
        let mine = try await store.addTheme(Self.sample, for: player)
        #expect(try await store.theme(mine.id, of: other) == nil)
        #expect(try await store.updateTheme(mine.id, to: Self.sample, for: other) == nil)
        #expect(try await store.deleteTheme(mine.id, for: other) == nil)
        #expect(try await store.moveTheme(mine.id, to: 0, for: other) == false)
        #expect(try await store.themes(of: other).count == Theme.builtIn.count)
    }

    @Test func addedThemeGoesLast() async throws {
        let added = try await store.addTheme(Self.sample, for: player)
        #expect(try await store.themes(of: player).last == added)
    }

    @Test func updatingKeepsRemovedEmojiAndReportsChange() async throws {
        let added = try await store.addTheme(Self.sample, for: player)
        var edited = added.theme
        edited.remove("🐸")
        #expect(try await store.updateTheme(added.id, to: edited, for: player) == true)
        #expect(try await store.theme(added.id, of: player)?.theme.removedEmojis == ["🐸"])
        #expect(try await store.updateTheme(added.id, to: edited, for: player) == false)
    }

    @Test func deleteIsUndoableUntilTheNextDelete() async throws {
        let themes = try await store.themes(of: player)
        let first = themes[0]
        let second = themes[1]
        _ = try await store.deleteTheme(first.id, for: player)
        #expect(try await store.theme(first.id, of: player) == nil)
        #expect(try await store.recentlyDeletedTheme(of: player)?.theme == first.theme)
        #expect(try await store.undoDeleteTheme(first.id, for: player)?.theme == first.theme)
        #expect(try await store.themes(of: player).map(\.theme) == themes.map(\.theme))

        _ = try await store.deleteTheme(first.id, for: player)
        _ = try await store.deleteTheme(second.id, for: player)
        #expect(try await store.undoDeleteTheme(first.id, for: player) == nil)
        #expect(try await store.undoDeleteTheme(second.id, for: player)?.theme == second.theme)
    }

    @Test(arguments: [(0, 3), (3, 0), (2, 2), (0, 99), (4, -5)])
    func moveReorders(from: Int, to: Int) async throws {
        let before = try await store.themes(of: player)
        #expect(try await store.moveTheme(before[from].id, to: to, for: player))
        var expected = before
        let moved = expected.remove(at: from)
        expected.insert(moved, at: min(max(0, to), expected.count))
        #expect(try await store.themes(of: player).map(\.theme) == expected.map(\.theme))
    }

    @Test func theFirstDealIsTheSameOnEveryVisitAndStoredByTheFirstTap() async throws {
        let theme = try await store.addTheme(Self.sample, for: player)
        let first = try await referee.currentGame(in: .theme(theme.id), for: player).game
        #expect(try await store.memorizeGame(in: .theme(theme.id), for: player) == nil)
        #expect(try await referee.currentGame(in: .theme(theme.id), for: player).game == first)
        let played = try await referee.choose(
            cardNumber: 1, deal: first.deal, in: .theme(theme.id), for: player
        ).game
        #expect(played.deal == first.deal)
        #expect(played.game.cards.map(\.content) == first.game.cards.map(\.content))
        #expect(try await store.memorizeGame(in: .theme(theme.id), for: player) == played)
    }

    @Test func editingAThemeRestartsItsGame() async throws {
        let theme = try await store.addTheme(Self.sample, for: player)
        _ = try await referee.choose(cardNumber: 1, deal: nil, in: .theme(theme.id), for: player)
        var edited = theme.theme
        edited.name = "Renamed"
        _ = try await store.updateTheme(theme.id, to: edited, for: player)
        #expect(try await store.memorizeGame(in: .theme(theme.id), for: player) == nil)
    }

    @Test func deletingAThemeDeletesItsGame() async throws {
        let theme = try await store.addTheme(Self.sample, for: player)
        _ = try await referee.choose(cardNumber: 1, deal: nil, in: .theme(theme.id), for: player)
        #expect(try await store.memorizeGame(in: .theme(theme.id), for: player) != nil)
        _ = try await store.deleteTheme(theme.id, for: player)
        #expect(try await store.memorizeGame(in: .theme(theme.id), for: player) == nil)
    }

    @Test func unknownThemeHasNoGame() async throws {
        await #expect(throws: AppError.noSuchTheme) {
            try await referee.currentGame(in: .theme(ThemeID(999_999)), for: player)
        }
        #expect(try await store.memorizeGame(in: .theme(ThemeID(999_999)), for: player) == nil)
    }

    @Test func aTapOnACardThatDoesNotExistSavesNothing() async throws {
        let theme = try await store.addTheme(Self.sample, for: player)
        await #expect(throws: AppError.notFound("This game has no card 99: its cards are 1 to 4.")) {
            try await referee.choose(cardNumber: 99, deal: nil, in: .theme(theme.id), for: player)
        }
        #expect(try await store.memorizeGame(in: .theme(theme.id), for: player) == nil)
    }

    @Test func databaseFileKeepsEverythingAcrossReopening() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("cardtable-\(UUID().uuidString)/nested")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let added: SavedTheme
        let game: SavedMemorizeGame
        do {
            let fileStore = try CardTableStore(.file(path: path))
            added = try await fileStore.addTheme(Self.sample, for: player)
            game = try await referee(on: fileStore).choose(
                cardNumber: 1, deal: nil, in: .theme(added.id), for: player
            ).game
        }
        let reopened = try CardTableStore(.file(path: path))
        #expect(try await reopened.theme(added.id, of: player) == added)
        let restored = try #require(try await reopened.memorizeGame(in: .theme(added.id), for: player))
        #expect(restored.game == game.game)
        #expect(restored.game.cards[0].isFaceUp)
    }

    // MARK: - Helpers

    private var referee: MemorizeReferee { referee(on: store) }

    private func referee(on store: CardTableStore) -> MemorizeReferee {
        let now = now
        return MemorizeReferee(
            store: store, environment: WebEnvironment(now: { now }), secret: secret,
            logger: Logger(label: "test"))
    }
}
