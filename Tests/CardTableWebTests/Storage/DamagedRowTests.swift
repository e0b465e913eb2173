import Foundation
import HummingbirdTesting
import Logging
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Every table follows the quarantine rule on both databases: a row that cannot be read never
/// breaks a page; it is moved to the `quarantine` table once, logged once, and the player loses
/// only what could not be read. Pages are asked over HTTP, on SQLite and (with a test cluster)
/// PostgreSQL.
@Suite struct DamagedRowTests {
    let log = RecordedLog()

    // MARK: - Set and Memorize games

    /// The game is dealt again and stored, so the notice outlives a reload and a form's
    /// redirect; the player's color-blind setting is kept; the next move ends the notice.
    @Test(arguments: TestStores.available)
    func aSetGameThatCannotBeReadIsDealtAgainWithANoticeAndTheColorBlindSetting(store kind: TestStores.Kind)
        async throws
    {
        try await withApp(on: kind) { client, instance in
            let browser = try await Browser.arriving(at: client)
            _ = try await browser.post("/set/color-blind", form: [("enabled", "true")])
            _ = try await browser.post("/set/hint")
            try await instance.execute(
                "UPDATE set_game SET state = 'not json' WHERE player_id = '\(browser.player.rawValue)'")

            let page = try await browser.get("/set", json: true)
            #expect(page.status == .ok)
            let json = try page.decode(SetPageJSON.self)
            #expect(json.setAsideNotice == SetAnnouncement.setAsideNotice)
            #expect(json.colorBlind)
            #expect(json.hint == nil)
            #expect(json.cardCount == 12)
            let html = try await browser.get("/set")
            #expect(html.text.contains(#"<div class="notice" role="alert" data-set-aside-notice>"#))
            #expect(html.text.contains("is-colorblind"))

            _ = try await browser.post("/set/hint")
            let after = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            #expect(after.setAsideNotice == nil)
            #expect(after.colorBlind)
            #expect(after.hint != nil)
            #expect(try await quarantined("set_game", in: instance) == 1)
            #expect(log.errors.count == 1)
        }
    }

    /// A form sent from a page drawn before the damage: the move is not made (it was meant for
    /// the game that is gone), and the page it is sent back to says why.
    @Test(arguments: TestStores.available)
    func aSetMoveOnAGameThatCannotBeReadLandsOnTheNotice(store kind: TestStores.Kind) async throws {
        try await withApp(on: kind) { client, instance in
            let browser = try await Browser.arriving(at: client)
            _ = try await browser.post("/set/hint")
            try await instance.execute(
                "UPDATE set_game SET state = 'not json' WHERE player_id = '\(browser.player.rawValue)'")

            let move = try await browser.post("/set/hint", form: [("version", "1")])
            #expect(move.status == .seeOther)
            let page = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            #expect(page.setAsideNotice == SetAnnouncement.setAsideNotice)
            #expect(page.hint == nil)
            #expect(try await quarantined("set_game", in: instance) == 1)
        }
    }

    @Test(arguments: TestStores.available)
    func aMemorizeGameThatCannotBeReadIsDealtAgainWithANotice(store kind: TestStores.Kind) async throws {
        try await withApp(on: kind) { client, instance in
            let browser = try await Browser.arriving(at: client)
            _ = try await browser.post("/play/random/choose/1")
            try await instance.execute(
                #"UPDATE memorize_game SET state = '{"cards":7}' WHERE player_id = '\#(browser.player.rawValue)'"#
            )

            for _ in 1...2 {
                let response = try await browser.get("/play/random", json: true)
                #expect(response.status == .ok)
                let page = try response.decode(MemorizePageJSON.self)
                #expect(page.setAsideNotice == MemorizePage.setAsideNotice)
                #expect(page.cards.allSatisfy { !$0.isFaceUp })
            }
            #expect(try await browser.get("/play/random").text.contains("data-set-aside-notice"))
            _ = try await browser.post("/play/random/choose/1")
            let after = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            #expect(after.setAsideNotice == nil)
            #expect(after.cards.count { $0.isFaceUp } == 1)
            #expect(try await quarantined("memorize_game", in: instance) == 1)
            #expect(log.errors.count == 1)

            // A tap from a page drawn before the damage lands on the notice too.
            try await instance.execute(
                #"UPDATE memorize_game SET state = '{"cards":7}' WHERE player_id = '\#(browser.player.rawValue)'"#
            )
            #expect(try await browser.post("/play/random/choose/2").status == .seeOther)
            let page = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            #expect(page.setAsideNotice == MemorizePage.setAsideNotice)
            #expect(page.cards.allSatisfy { !$0.isFaceUp })
            #expect(try await quarantined("memorize_game", in: instance) == 2)
        }
    }

    // MARK: - Rooms

    /// The room's state is its own row: an event that cannot be read is set aside and left out
    /// of what members are sent, and the room plays on.
    @Test(arguments: TestStores.available)
    func aRoomEventThatCannotBeReadIsSetAsideAndTheRoomPlaysOn(store kind: TestStores.Kind) async throws {
        try await withApp(on: kind) { client, instance in
            let (ana, bo) = (try await Browser.arriving(at: client), try await Browser.arriving(at: client))
            let room = try await ana.createRoom()
            _ = try await bo.join(room, as: "Bo")
            try await instance.execute(
                "UPDATE room_event SET body = 'not json' WHERE room_code = '\(room.code)' AND number = 2")

            for member in [ana, bo] {
                let page = try await member.get(room.pageURL)
                #expect(page.status == .ok)
                #expect(page.text.contains("Bo"))
            }
            let caughtUp = try await bo.get("/rooms/\(room.code)/events?after=0", json: true)
            #expect(try caughtUp.roomMessages().map(\.number) == [1])
            let started = try await ana.postJSON(room.startURL, body: "{}").roomMessages()
            #expect(started.map(\.number) == [3])
            let later = try await bo.get("/rooms/\(room.code)/events?after=1", json: true)
            #expect(try later.roomMessages().map(\.number) == [3])
            #expect(try await quarantined("room_event", in: instance) == 1)
            #expect(log.errors.count == 1)
        }
    }

    /// A room whose own row cannot be read is no more (its members are told there is no such
    /// room, and make a new one), but nothing of it is lost: its events go to the quarantine
    /// with it, where the foreign key's cascade would have deleted them.
    @Test(arguments: TestStores.available)
    func aRoomThatCannotBeReadIsSetAsideWithItsEvents(store kind: TestStores.Kind) async throws {
        try await withApp(on: kind) { client, instance in
            let (ana, bo) = (try await Browser.arriving(at: client), try await Browser.arriving(at: client))
            let room = try await ana.createRoom()
            _ = try await bo.join(room, as: "Bo")
            try await instance.execute("UPDATE room SET state = 'not json' WHERE code = '\(room.code)'")

            let page = try await bo.get(room.pageURL)
            #expect(page.status == .notFound)
            #expect(page.text.contains("There is no room"))
            #expect(try await bo.get(room.pageURL).status == .notFound)
            #expect(try await quarantined("room", in: instance) == 1)
            #expect(try await quarantined("room_event", in: instance) == 2)
            #expect(try await instance.count("SELECT count(*) FROM room_event") == 0)
            #expect(log.errors.count == 1)
        }
    }

    // MARK: - Stats

    /// Set aside once, so it is logged once, not on every visit to the stats.
    @Test(arguments: TestStores.available)
    func aFinishedGameThatCannotBeReadIsSetAsideOnce(store kind: TestStores.Kind) async throws {
        try await withApp(on: kind) { client, instance in
            let browser = try await Browser.arriving(at: client)
            _ = try await browser.post("/set/hint")
            try await instance.execute(
                """
                INSERT INTO finished_game
                    (player_id, game, theme, mode, score, breakdown, duration_ms, moves, finished_at)
                VALUES ('\(browser.player.rawValue)', 'set', NULL, 'solo', 3, 'not json', 1000, 5,
                    '2026-01-01 00:00:00')
                """)

            for _ in 1...2 {
                #expect(try await browser.get("/stats").status == .ok)
                #expect(try await browser.get("/stats", json: true).status == .ok)
            }
            #expect(try await quarantined("finished_game", in: instance) == 1)
            #expect(try await instance.count("SELECT count(*) FROM finished_game") == 0)
            #expect(log.errors.count == 1)
        }
    }

    /// A day's solve whose date is not a day was left out without a word; it is set aside.
    @Test(arguments: TestStores.available)
    func aDailySolveThatCannotBeReadIsSetAside(store kind: TestStores.Kind) async throws {
        try await withApp(on: kind) { client, instance in
            let browser = try await Browser.arriving(at: client)
            _ = try await browser.post("/set/hint")
            try await instance.execute(
                """
                INSERT INTO daily_solve (player_id, puzzle_date, duration_ms, wrong_tries, solved_at)
                VALUES ('\(browser.player.rawValue)', 'not-a-day!', 1000, 0, '2026-01-01 00:00:00')
                """)

            #expect(try await browser.get("/stats").status == .ok)
            #expect(try await browser.get("/stats").status == .ok)
            #expect(try await quarantined("daily_solve", in: instance) == 1)
            #expect(log.errors.count == 1)
        }
    }

    // MARK: - Players

    /// A player's row is never set aside (their themes, games and history would go with it by
    /// the foreign keys' cascade): the moment that cannot be read is set to now, and the row as
    /// it was is copied to the quarantine. PostgreSQL's column refuses such a value outright.
    @Test(arguments: TestStores.available)
    func aPlayerWhoseFirstVisitCannotBeReadKeepsEverything(store kind: TestStores.Kind) async throws {
        let clock = TestClock.manual
        try await withApp(on: kind, clock: clock) { client, instance in
            let browser = try await Browser.arriving(at: client)
            _ = try await browser.post("/set/hint")
            let damage = "UPDATE player SET created_at = 'garbage', last_seen_at = NULL"
            guard kind == .sqlite else {
                await #expect(throws: (any Error).self) { try await instance.execute(damage) }
                return
            }
            try await instance.execute(damage)
            clock.advance(by: 2 * PlayerID.visitNotingInterval)  // the visit is looked up again

            for _ in 1...2 {
                let page = try await browser.get("/set", json: true)
                #expect(page.status == .ok)
                #expect(try page.decode(SetPageJSON.self).hint != nil)
            }
            #expect(try await quarantined("player", in: instance) == 1)
            let id = browser.player.rawValue
            #expect(try await instance.count("SELECT count(*) FROM player WHERE id = '\(id)'") == 1)
            #expect(
                try await instance.count(
                    "SELECT count(*) FROM quarantine WHERE row_text LIKE '%\"created_at\":\"garbage\"%'") == 1
            )
            #expect(log.errors.count == 1)
        }
    }

    // MARK: - Helpers

    /// Builds the app on one instance of `kind`, logging to ``log``, and runs `test` with its
    /// client and the instance.
    private func withApp(
        on kind: TestStores.Kind, clock: TestClock = TestClock(step: 30),
        _ test: @escaping @Sendable (any TestClientProtocol, TestStores.Instance) async throws -> Void
    ) async throws {
        let logger = Logger(label: "test") { [log] _ in log }
        try await TestStores.withInstances(kind, count: 1, logger: logger) { instances in
            let instance = instances[0]
            let app = try await buildApplication(
                WebConfiguration(), database: instance.served(),
                environment: WebEnvironment(now: { clock.now() }, allowsTestSetups: true), logger: logger)
            try await app.test(.router) { client in try await test(client, instance) }
        }
    }

    /// How many rows of `table` the quarantine holds.
    private func quarantined(_ table: String, in instance: TestStores.Instance) async throws -> Int {
        try await instance.count("SELECT count(*) FROM quarantine WHERE table_name = '\(table)'")
    }
}
