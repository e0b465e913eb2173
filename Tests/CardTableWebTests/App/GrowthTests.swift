import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import MemorizeCore
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// Page views cost nothing: a visit stores nothing until the player makes a move, built-in
/// themes are shared until a player changes their list, forgotten players are swept, and
/// nothing a client sees counts the players or themes.
@Suite struct GrowthTests {
    // MARK: - Visits store nothing

    @Test func cookielessVisitsToEveryPageStoreNothing() async throws {
        try await withTestApp { session in
            let builtIn = try #require(try await session.store.themes(of: PlayerID.random()).first)
            let before = try await Self.rowCounts(session.store)
            let pages = [
                "/", "/?edit=1", "/themes/new", "/themes/\(builtIn.id)/edit", "/themes/\(builtIn.id).json",
                "/play/random", "/play/\(builtIn.id)", "/set",
            ]
            for page in pages {
                for json in [false, true] {
                    var headers: HTTPFields = [:]
                    if json { headers[.accept] = "application/json" }
                    let response = try await session.client.execute(uri: page, method: .get, headers: headers)
                    #expect(response.status == .ok, "\(page)")
                    #expect(response.headers[.setCookie]?.hasPrefix("cardtable_player=") == true, "\(page)")
                }
            }
            #expect(try await Self.rowCounts(session.store) == before)
        }
    }

    @Test func aPlayerIsStoredByTheirFirstMoveNotTheirFirstVisit() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.get("/set")
            _ = try await browser.get("/play/random")
            #expect(try await Self.isStored(browser.player, in: session.store) == false)
            let page = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            let card = try #require(page.cards.first)
            let answer = try await browser.post("/set/cards/\(card.id)/select", form: [("version", "0")])
            #expect(answer.status == .seeOther)
            #expect(try await Self.isStored(browser.player, in: session.store))
        }
    }

    @Test func theFirstSetTableIsTheSameOnEveryVisitAndIsTheOnePlayed() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let shown = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            let again = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            #expect(again.cards.map(\.id) == shown.cards.map(\.id))
            let other = try await session.newPlayer().get("/set", json: true).decode(SetPageJSON.self)
            #expect(other.cards.map(\.id) != shown.cards.map(\.id))

            let card = try #require(shown.cards.first)
            _ = try await browser.post("/set/cards/\(card.id)/select", form: [("version", "0")])
            let saved = try #require(try await session.store.setGame(for: browser.player))
            #expect(saved.game.table.map(\.id) == shown.cards.map(\.id))
            #expect(saved.game.selection.map(\.id) == [card.id])
            #expect(saved.version == 1)
        }
    }

    @Test func theFirstMemorizeDealIsTheOnePlayed() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let shown = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            let again = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            #expect(again.deal == shown.deal)
            #expect(again.theme.name == shown.theme.name)
            let played = try await browser.post(
                "/play/random/choose/1", form: [("deal", "\(shown.deal)")], json: true
            )
            .decode(MemorizePageJSON.self)
            #expect(played.deal == shown.deal)
            #expect(played.theme.name == shown.theme.name)
            #expect(played.cards[0].isFaceUp)
        }
    }

    // MARK: - Signed cookies

    @Test func aTamperedOrMadeUpCookieNamesANewVisitor() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.post("/set/new", form: [("mode", "solo")])
            let value = String(browser.cookie.dropFirst("cardtable_player=".count))
            var tampered = Array(value)
            tampered[40] = tampered[40] == "A" ? "B" : "A"
            let otherID = PlayerID.random().rawValue
            for forged in [String(tampered), otherID, otherID + value.dropFirst(32), browser.player.rawValue]
            {
                let response = try await session.client.execute(
                    uri: "/set", method: .get, headers: [.cookie: "cardtable_player=\(forged)"])
                #expect(response.status == .ok)
                let issued = try #require(Self.player(in: response))
                #expect(issued != browser.player, "\(forged)")
                #expect(issued.rawValue != otherID, "\(forged)")
            }
            // The genuine cookie still names its player (and is sent again, renewing its lifetime).
            let response = try await browser.get("/set")
            #expect(Self.player(in: response) == browser.player)
            #expect(response.headers[.setCookie]?.contains("Max-Age=\(WebLimits.playerCookieMaxAge)") == true)
        }
    }

    @Test func aPlayerFromBeforeThisVersionKeepsTheirCookieAndThemes() async throws {
        try await withTemporaryDatabase { path in
            // A database as the previous version left it: a player with their own copies of the
            // built-in themes (sequential ids) and a game, under an unsigned cookie.
            let legacy = PlayerID.random()
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let queue = try DatabaseQueue(path: path)
            try SQLiteDatabase.migrator.migrate(queue, upTo: "v3-quarantine")
            try await queue.write { db in
                try db.execute(
                    sql: "INSERT INTO player (id, created_at) VALUES (?, '2026-01-01 00:00:00.000')",
                    arguments: [legacy.rawValue])
                try db.execute(
                    sql: """
                        INSERT INTO theme (player_id, position, name, emojis, removed_emojis, number_of_pairs, color)
                        VALUES (?, 0, 'Halloween', '["👻","🎃","🕷️"]', '[]', 3, '"orange"')
                        """,
                    arguments: [legacy.rawValue])
            }
            try queue.close()

            try await withTestApp(store: try SQLiteDatabase(.file(path: path))) { session in
                let response = try await session.client.execute(
                    uri: "/", method: .get, headers: [.cookie: "cardtable_player=\(legacy.rawValue)"])
                #expect(Self.player(in: response) == legacy)
                #expect(
                    response.headers[.setCookie]?.contains("cardtable_player=\(legacy.rawValue).") == true)
                let themes = try await session.store.themes(of: legacy)
                #expect(themes.map(\.theme.name) == ["Halloween"])
                #expect(themes.first?.id == ThemeID(1))
                // Their deleted built-ins can be restored; Halloween, matched by name, is not doubled.
                let list = try await session.store.themeList(of: legacy)
                #expect(list.missingBuiltInCount == Theme.builtIn.count - 1)

                // An unsigned cookie naming anyone else is a new visitor.
                let stranger = PlayerID.random()
                let other = try await session.client.execute(
                    uri: "/", method: .get, headers: [.cookie: "cardtable_player=\(stranger.rawValue)"])
                #expect(Self.player(in: other) != stranger)
            }
        }
    }

    // MARK: - Shared built-in themes

    @Test func aGameOnABuiltInThemeCarriesOnWhenThePlayerRearrangesTheirThemes() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let themes = try await session.store.themes(of: browser.player)
            let builtIn = themes[0]
            let page = try await browser.get("/play/\(builtIn.id)", json: true).decode(MemorizePageJSON.self)
            _ = try await browser.post("/play/\(builtIn.id)/choose/1", form: [("deal", "\(page.deal)")])
            _ = try await browser.post("/themes/\(themes[1].id)/move", form: [("to", "0")])

            let own = try await session.store.themes(of: browser.player)
            #expect(
                own.map(\.theme.name) == [themes[1], themes[0]].map(\.theme.name)
                    + themes.dropFirst(2).map(\.theme.name))
            // The shared themes are untouched; the player's game moved to their copy.
            #expect(try await session.store.themes(of: PlayerID.random()) == themes)
            let game = try await browser.get("/play/\(builtIn.id)", json: true).decode(MemorizePageJSON.self)
            #expect(game.deal == page.deal)
            #expect(game.cards[0].isFaceUp)
            let copy = try await browser.get("/play/\(own[1].id)", json: true).decode(MemorizePageJSON.self)
            #expect(copy.deal == page.deal)
        }
    }

    @Test func restoringBringsBackDeletedBuiltInThemes() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let themes = try await session.store.themes(of: browser.player)
            #expect(
                try await browser.get("/?edit=1", json: true).decode(ChooserJSON.self).restoreBuiltIns == nil)
            _ = try await browser.post("/themes/\(themes[0].id)/delete")
            _ = try await browser.post("/themes/\(themes[2].id)/delete")
            let chooser = try await browser.get("/?edit=1", json: true).decode(ChooserJSON.self)
            let offer = try #require(chooser.restoreBuiltIns)
            #expect(offer.label == "Restore 2 built-in themes")
            #expect(try await browser.get("/", json: true).decode(ChooserJSON.self).restoreBuiltIns == nil)

            #expect(try await browser.post(offer.url).status == .seeOther)
            let restored = try await session.store.themes(of: browser.player).map(\.theme)
            #expect(Set(restored.map(\.name)) == Set(themes.map(\.theme.name)))
            #expect(restored.count == themes.count)
            #expect(
                try await browser.get("/?edit=1", json: true).decode(ChooserJSON.self).restoreBuiltIns == nil)
        }
    }

    @Test func restoringIsTheWayOutWhenRandomHasNoThemesLeft() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            for theme in try await session.store.themes(of: browser.player) {
                _ = try await browser.post("/themes/\(theme.id)/delete")
            }
            let random = try await browser.get("/play/random")
            #expect(random.status == .notFound)
            #expect(random.text.contains("restore the built-in ones"))
            let chooser = try await browser.get("/", json: true).decode(ChooserJSON.self)
            let offer = try #require(chooser.restoreBuiltIns)
            _ = try await browser.post(offer.url)
            #expect(try await browser.get("/play/random").status == .ok)
        }
    }

    // MARK: - Ids say nothing

    @Test func themeIDsAreNotSequentialAcrossPlayers() async throws {
        try await withTestApp { session in
            var ids: [Int64] = []
            for _ in 0..<4 {
                let browser = try await session.newPlayer()
                for name in ["One", "Two", "Three"] {
                    let body = #"{"name":"\#(name)","emojis":["🐸","🦄"],"numberOfPairs":2,"color":"teal"}"#
                    let answer = try await browser.postJSON("/themes", body: body)
                    #expect(answer.status == .ok)
                    let saved = try #require(try await session.store.themes(of: browser.player).last)
                    ids.append(saved.id.rawValue)
                }
            }
            // NB: random ids from 2⁵³ values: two in a row differ by less than a million about
            // once in ten billion runs.
            for (earlier, later) in zip(ids, ids.dropFirst()) {
                #expect(abs(later - earlier) > 1_000_000)
            }
        }
    }

    // MARK: - Forgotten players

    @Test func playersAwayForACookieLifetimeAreSweptWithTheirThemesAndGames() async throws {
        let clock = TestClock.manual
        let store = try SQLiteDatabase(.inMemory)
        let day: TimeInterval = 24 * 60 * 60
        let (forgotten, returning) = try await withTestApp(clock: clock, store: store) { session in
            let forgotten = try await session.newPlayer()
            let returning = try await session.newPlayer()
            for browser in [forgotten, returning] {
                _ = try await browser.post("/set/new", form: [("mode", "solo")])
                _ = try await browser.postJSON(
                    "/themes", body: #"{"name":"Mine","emojis":["🐸","🦄"],"numberOfPairs":2,"color":"teal"}"#)
            }
            clock.advance(by: 300 * day)
            _ = try await returning.get("/")
            return (forgotten.player, returning.player)
        }
        clock.advance(by: 101 * day)
        let sweep = ForgottenPlayerSweep(database: store, now: { clock.now() }, logger: Logger(label: "test"))
        await sweep.sweepOnce()
        #expect(try await Self.isStored(forgotten, in: store) == false)
        #expect(try await store.setGame(for: forgotten) == nil)
        #expect(try await store.themes(of: forgotten).map(\.theme) == Theme.builtIn)
        #expect(try await Self.isStored(returning, in: store))
        #expect(try await store.setGame(for: returning) != nil)
        #expect(try await store.themes(of: returning).last?.theme.name == "Mine")
        #expect(
            try await store.dbWriter.read { db in
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM theme WHERE player_id = ?", arguments: [forgotten.rawValue]
                )
            } == 0)
    }

    // MARK: - Helpers

    /// How many rows each table holds.
    static func rowCounts(_ store: SQLiteDatabase) async throws -> [String: Int] {
        try await store.dbWriter.read { db in
            var counts: [String: Int] = [:]
            for table in ["player", "theme", "memorize_game", "set_game", "quarantine"] {
                counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)")
            }
            return counts
        }
    }

    static func isStored(_ player: PlayerID, in store: SQLiteDatabase) async throws -> Bool {
        try await store.dbWriter.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT count(*) > 0 FROM player WHERE id = ?", arguments: [player.rawValue])
                ?? false
        }
    }

    /// The player a response's cookie names.
    static func player(in response: TestResponse) -> PlayerID? {
        guard let value = response.headers[.setCookie]?.split(separator: ";").first else { return nil }
        return PlayerID(cookie: value)
    }
}
