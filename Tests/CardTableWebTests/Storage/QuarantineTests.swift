import Foundation
import GRDB
import Logging
import MemorizeCore
import Synchronization
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// One row that cannot be read (damage, or a format change gone wrong) never breaks a page: it is
/// moved to the `quarantine` table, logged as an error, and the player carries on.
@Suite struct QuarantineTests {
    let log = RecordedLog()
    let store: SQLiteDatabase

    init() throws {
        store = try SQLiteDatabase(.inMemory, logger: Logger(label: "test") { [log] _ in log })
    }

    @Test func anUnreadableMemorizeGameIsSetAsideAndDealtAfresh() async throws {
        try await withTestApp(store: store) { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await store.themes(of: browser.player).first)
            _ = try await browser.post("/play/\(theme.id)/choose/1")
            try await damage("memorize_game", set: "state", to: #"{"cards":7}"#, for: browser.player)

            for _ in 1...2 {
                let response = try await browser.get("/play/\(theme.id)", json: true)
                #expect(response.status == .ok)
                let page = try response.decode(MemorizePageJSON.self)
                #expect(page.theme.name == theme.theme.name)
                #expect(page.cards.allSatisfy { !$0.isFaceUp })
            }
            let setAside = try await quarantine()
            #expect(setAside.map(\.table) == ["memorize_game"])
            #expect(
                setAside.first?.key
                    == #"{"player_id":"\#(browser.player.rawValue)","slot":"theme-\#(theme.id)"}"#)
            #expect(setAside.first?.text.contains(#""state":"{\"cards\":7}""#) == true)
            #expect(setAside.first?.error.isEmpty == false)
            #expect(log.errors.count == 1)
        }
    }

    /// Rows are read column by column: a column holding the wrong kind of value is damage too.
    @Test(arguments: [("set_game", "version"), ("memorize_game", "deal")])
    func aColumnOfTheWrongKindIsSetAside(table: String, column: String) async throws {
        try await withTestApp(store: store) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.post("/set/hint")
            _ = try await browser.post("/play/random/choose/1")
            try await damage(table, set: column, to: "many", for: browser.player)

            let page = table == "set_game" ? "/set" : "/play/random"
            #expect(try await browser.get(page, json: true).status == .ok)
            #expect(try await quarantine().map(\.table) == [table])
        }
    }

    /// SQLite keeps any value in any column: one of the wrong kind in a history, a day's solve or
    /// a room is damage too, set aside (it stopped the whole server: a row's value was read
    /// with GRDB's subscript, which traps on a value it cannot convert).
    @Test(arguments: [
        ("finished_game", "finished_at", "/stats"), ("finished_game", "score", "/stats"),
        ("daily_solve", "duration_ms", "/stats"), ("room", "last_event", "room"),
        ("room", "closed_at", "room"),
    ])
    func aValueOfTheWrongKindInAnyTableIsSetAside(table: String, column: String, page: String) async throws {
        try await withTestApp(store: store) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.post("/set/hint")
            let room = try await browser.createRoom()
            let breakdown = try GoldenFixture.text("finished-game-set-breakdown.json")
            try await store.dbWriter.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO finished_game
                            (player_id, game, theme, mode, score, breakdown, duration_ms, moves, finished_at)
                        VALUES (?, 'set', NULL, 'solo', 0, ?, 1000, 5, '2026-01-01 00:00:00');
                        INSERT INTO daily_solve (player_id, puzzle_date, duration_ms, wrong_tries, solved_at)
                        VALUES (?, '2026-01-01', 1000, 0, '2026-01-01 00:00:00');
                        """,
                    arguments: [browser.player.rawValue, breakdown, browser.player.rawValue])
            }
            let address = page == "room" ? room.pageURL : page
            #expect(try await browser.get(address).status == .ok)
            try await store.dbWriter.write { db in
                try db.execute(sql: "UPDATE \(table) SET \(column) = 'garbage'")
            }

            #expect(try await browser.get(address).status == (page == "room" ? .notFound : .ok))
            #expect(try await quarantine().map(\.table).filter { $0 == table } == [table])
            #expect(log.errors.count == 1)
        }
    }

    /// Moving a theme reads all the player's themes: one of them that cannot be read is set
    /// aside, and the others are arranged without it.
    @Test func movingAThemeSetsAsideAnotherThatCannotBeRead() async throws {
        let player = PlayerID.random()
        _ = try await store.addTheme(Theme("Extra", "🍎🍐", color: "orange"), for: player)
        let themes = try await store.themes(of: player)
        try await store.dbWriter.write { db in
            try db.execute(
                sql: "UPDATE theme SET position = 'x' WHERE id = ?", arguments: [themes[2].id.rawValue])
        }

        #expect(try await store.moveTheme(themes[0].id, to: 1, for: player))
        #expect(try await quarantine().map(\.table) == ["theme"])
        let kept = themes.map(\.id).filter { $0 != themes[2].id }
        #expect(try await store.themes(of: player).map(\.id) == [kept[1], kept[0]] + kept.dropFirst(2))
    }

    /// Preferences with a delay that is not one of the choices: the player plays on with the
    /// defaults, and can set them again.
    @Test(arguments: ["1234", "soon"])
    func unreadableMemorizePreferencesAreSetAside(delay: String) async throws {
        try await withTestApp(store: store) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.post(
                "/play/random/options", form: [("peek", "true"), ("turnBack", "2000")])
            try await damage(
                "memorize_preferences", set: "turn_back_after_ms", to: delay, for: browser.player)

            let page = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            #expect(!page.options.peeksAtStart)
            #expect(page.options.turnBack == "tap")
            #expect(try await quarantine().map(\.table) == ["memorize_preferences"])
            _ = try await browser.post("/play/random/options", form: [("turnBack", "3000")])
            let again = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            #expect(again.options.turnBack == "3000")
        }
    }

    @Test func anUnreadableSetGameIsSetAsideAndDealtAfresh() async throws {
        try await withTestApp(store: store) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.post("/set/hint")
            try await damage("set_game", set: "last_move", to: #"{"teleported":{}}"#, for: browser.player)

            for _ in 1...2 {
                let response = try await browser.get("/set", json: true)
                #expect(response.status == .ok)
                let page = try response.decode(SetPageJSON.self)
                #expect(page.score == 0)
                #expect(page.cardCount == 12)
                #expect(page.hint == nil)
            }
            #expect(try await quarantine().map(\.table) == ["set_game"])
            #expect(log.errors.count == 1)
        }
    }

    @Test func anUnreadableThemeIsLeftOutOfTheListWithANotice() async throws {
        try await withTestApp(store: store) { session in
            let browser = try await session.newPlayer()
            let themes = try await store.themes(of: browser.player)
            try await damage(theme: themes[1].id, color: #"{"gradient":5}"#)

            let first = try await browser.get("/")
            #expect(first.status == .ok)
            #expect(first.text.contains("A theme could not be read and was set aside."))
            #expect(!first.text.contains(">\(themes[1].theme.name)<"))
            let again = try await browser.get("/", json: true)
            #expect(again.status == .ok)
            let names = try again.decode(ChooserJSON.self).rows.map(\.theme.name)
            #expect(names == themes.map(\.theme.name).filter { $0 != themes[1].theme.name })
            #expect(!again.text.contains("set aside"))
            #expect(try await quarantine().map(\.table) == ["theme"])
            #expect(log.errors.count == 1)
        }
    }

    @Test func unreadableThemesAreSetAsideAndTheRestKeepTheirOrder() async throws {
        let player = PlayerID.random()
        try await store.storePlayer(player, at: Date(timeIntervalSinceReferenceDate: 0))
        _ = try await store.addTheme(Theme("Extra", "🍎🍐", color: "orange"), for: player)
        let themes = try await store.themes(of: player)
        try #require(themes.count >= 4)
        try await damage(theme: themes[0].id, color: "[")
        try await damage(theme: themes[2].id, color: "not json")

        let list = try await store.themeList(of: player)
        #expect(list.themes.map(\.id) == themes.indices.filter { $0 != 0 && $0 != 2 }.map { themes[$0].id })
        #expect(list.setAsideCount == 2)
        #expect(try await quarantine().map(\.table) == ["theme", "theme"])
        #expect(try await store.themes(of: player).map(\.id) == list.themes.map(\.id))
    }

    /// The request that meets the theme answers 404, and saves nothing else, but the theme is
    /// still set aside: the next request does not meet it again.
    @Test func anUnreadableThemeOpenedDirectlyIsSetAsideThoughThePageIsNotFound() async throws {
        try await withTestApp(store: store) { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await store.themes(of: browser.player).first)
            _ = try await browser.get("/play/\(theme.id)")
            try await damage(theme: theme.id, color: "not json")

            #expect(try await browser.get("/play/\(theme.id)").status == .notFound)
            #expect(try await quarantine().map(\.table) == ["theme"])
            #expect(try await browser.get("/play/\(theme.id)").status == .notFound)
            #expect(try await browser.get("/play/random").status == .ok)
            #expect(try await quarantine().count == 1)
            #expect(log.errors.count == 1)
        }
    }

    @Test func aReadThatMeetsADamagedRowSetsItAside() async throws {
        let player = PlayerID.random()
        try await store.storePlayer(player, at: Date(timeIntervalSinceReferenceDate: 0))
        let theme = try #require(try await store.themes(of: player).last)
        try await damage(theme: theme.id, color: "[")
        #expect(try await store.theme(theme.id, of: player) == nil)
        #expect(try await store.themes(of: player).count == Theme.builtIn.count - 1)
        #expect(try await quarantine().count == 1)
    }

    @Test func anUnreadableDeletedThemeCannotBeBroughtBack() async throws {
        let player = PlayerID.random()
        try await store.storePlayer(player, at: Date(timeIntervalSinceReferenceDate: 0))
        let theme = try #require(try await store.themes(of: player).first)
        _ = try await store.deleteTheme(theme.id, for: player)
        // NB: deleting a built-in theme deletes the player's copy of it.
        let deleted = try #require(try await store.recentlyDeletedTheme(of: player))
        try await damage(theme: deleted.id, color: "[")
        #expect(try await store.undoDeleteTheme(deleted.id, for: player) == nil)
        #expect(try await store.recentlyDeletedTheme(of: player) == nil)
        #expect(try await quarantine().map(\.table) == ["theme"])
    }

    // MARK: - Helpers

    private struct SetAside {
        let table: String
        let key: String
        let text: String
        let error: String
    }

    private func quarantine() async throws -> [SetAside] {
        try await store.dbWriter.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM quarantine ORDER BY id").map {
                SetAside(
                    table: $0["table_name"], key: $0["row_key"], text: $0["row_text"], error: $0["error"])
            }
        }
    }

    private func damage(_ table: String, set column: String, to text: String, for player: PlayerID)
        async throws
    {
        try await store.dbWriter.write { db in
            try db.execute(
                sql: "UPDATE \(table) SET \(column) = ? WHERE player_id = ?",
                arguments: [text, player.rawValue])
            #expect(db.changesCount == 1)
        }
    }

    private func damage(theme: ThemeID, color text: String) async throws {
        try await store.dbWriter.write { db in
            try db.execute(sql: "UPDATE theme SET color = ? WHERE id = ?", arguments: [text, theme.rawValue])
        }
    }
}
