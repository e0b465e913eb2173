import Crypto
import Foundation
import GRDB
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb
@testable import WebPush

/// Issue 47: the quarantine rule holds in every table, including each one added after it was
/// written. The walk reads the tables from the migrated schema itself (a new table or column is
/// walked without a word here), gives one player rows in every one of them, then, once for each
/// column, damages that column in every row with a value of the wrong kind (text for a moment or
/// a number, bytes that are no text for a text) and takes the player's two devices through every
/// page they use: none may answer 5xx.
/// It runs in the second pass (`Tests/Postgres/second-pass.sh`, which sets
/// `CARDTABLE_TEST_HEAVY_WALKS`): a minute of both cores, which in the main pass made the live
/// servers' deadline tests miss their deadlines.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARDTABLE_TEST_HEAVY_WALKS"] == "1"))
struct DamageWalkTests {
    /// A column of a table, and the value that damages it.
    struct Damage: CustomStringConvertible, Sendable {
        let table: String
        let column: String
        /// SQL for a value of the wrong kind, or unreadable as its kind.
        let value: String

        var description: String { "\(table).\(column)" }
    }

    /// Tables the walk leaves alone: the quarantine holds what is set aside.
    static let unwalked: Set<String> = ["quarantine", "grdb_migrations", "sqlite_sequence"]

    /// Each column of each table of a migrated database that is neither in its key nor a
    /// reference to another row (damaging those is not a value that cannot be read but a row that
    /// is lost).
    static let damages: [Damage] = {
        do {
            let database = try SQLiteDatabase(.inMemory)
            return try database.dbWriter.read { db in
                let tables = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                return try tables.filter { !unwalked.contains($0) }.flatMap { table in
                    let references = Set(
                        try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table))").map {
                            $0["from"] as String
                        })
                    return try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").compactMap {
                        column -> Damage? in
                        let name: String = column["name"]
                        guard (column["pk"] as Int) == 0, !references.contains(name) else { return nil }
                        return Damage(
                            table: table, column: name,
                            value: Self.wrongValue(for: (column["type"] as String).uppercased()))
                    }
                }
            }
        } catch {
            Issue.record("The schema could not be read: \(error)")
            return []
        }
    }()

    /// Text where a moment or a number belongs; bytes that are no text where text belongs.
    static func wrongValue(for kind: String) -> String {
        switch kind {
        case "DATETIME": "'the day after never'"
        case "INTEGER", "REAL": "'many'"
        default: "x'ff00fe'"
        }
    }

    @Test func theWalkCoversEveryTableAddedSinceTheRuleWasWritten() {
        let tables = Set(Self.damages.map(\.table))
        for table in [
            "device", "device_code", "player_name", "player_appearance", "player_sound", "room",
            "finished_game",
        ] {
            #expect(tables.contains(table))
        }
        for column in ["first_seen_at", "linked_at", "last_seen_at", "forgotten_at", "name"] {
            #expect(Self.damages.contains { $0.table == "device" && $0.column == column })
        }
    }

    @Test(arguments: Self.damages)
    func aDamagedColumnBreaksNoPage(_ damage: Damage) async throws {
        let applied = try await Self.walk(damage, on: .sqlite)
        #expect(applied)
    }

    /// On PostgreSQL a column refuses a value of another kind, so the walk damages the text
    /// columns only, with text that reads as nothing they hold; one whose constraint refuses even
    /// that cannot be damaged so, and is passed over.
    @Test(.enabled(if: TestStores.available.contains(.postgres)))
    func onPostgreSQLADamagedTextColumnBreaksNoPage() async throws {
        let texts = Self.damages.filter { $0.value == Self.wrongValue(for: "TEXT") }
        var applied = 0
        for damage in texts {
            let text = Damage(table: damage.table, column: damage.column, value: #"'{"damaged'"#)
            if try await Self.walk(text, on: .postgres) { applied += 1 }
        }
        // NB: 19 of 26 when written; the others' constraints (a kind, a length) refuse the text.
        #expect(
            applied * 3 >= texts.count * 2, "only \(applied) of \(texts.count) text columns could be damaged")
    }

    /// Gives a player of a new database of `kind` a row in every table, damages the column, and
    /// takes the player's devices round their pages twice, expecting no 5xx.
    /// - Returns: Whether the database took the damage (PostgreSQL's constraints may refuse it).
    static func walk(_ damage: Damage, on kind: TestStores.Kind) async throws -> Bool {
        let clock = TestClock.manual
        return try await TestStores.withInstances(kind, count: 1) { instances in
            let instance = instances[0]
            let app = try await buildApplication(
                WebConfiguration(), database: instance.served(),
                environment: WebEnvironment(now: { clock.now() }, allowsTestSetups: true))
            return try await app.test(.router) { client in
                let (ana, laptop, room) = try await playerWithARowInEveryTable(client, instance)
                let update = "UPDATE \(damage.table) SET \(damage.column) = \(damage.value)"
                do {
                    try await instance.execute(
                        kind == .sqlite
                            ? "PRAGMA ignore_check_constraints = ON; \(update); PRAGMA ignore_check_constraints = OFF"
                            : update)
                } catch {
                    return false
                }
                // NB: a day on, so what is remembered (devices' sessions) or noted once a day
                // (visits) is read again.
                clock.advance(by: 25 * 60 * 60)
                for round in 1...2 {
                    for (device, browser) in [("phone", ana), ("laptop", laptop)] {
                        for (method, path) in tour(room: room) {
                            let response =
                                method == "GET"
                                ? try await browser.get(path, json: !path.hasSuffix(".csv"))
                                : try await browser.postJSON(path, body: "{}")
                            #expect(
                                response.status.code < 500,
                                "\(kind) \(damage): the \(device)'s \(method) \(path) answered \(response.status.code) (round \(round))"
                            )
                        }
                    }
                }
                return true
            }
        }
    }

    /// What a player's devices ask for: every page, and a few moves.
    static func tour(room: CreatedRoomJSON) -> [(String, String)] {
        [
            ("GET", "/"), ("GET", "/set"), ("GET", "/play/random"), ("GET", "/stats"),
            ("GET", "/stats/history.csv"), ("GET", "/set/daily"), ("GET", "/devices"), ("GET", "/rooms/open"),
            ("GET", room.pageURL), ("GET", room.eventsURL), ("POST", "/set/hint"),
            ("POST", "/play/random/choose/1"), ("POST", "/devices/codes"), ("GET", "/ratings"),
            ("GET", "/leaderboard"), ("GET", "/rooms"),
        ]
    }

    /// Ana, with rows in every table: themes and games of both kinds, a room with its events, her
    /// history, a day's go and solve, her name, appearance, sound and pace, a rating with its
    /// chart and her choice to keep off the leaderboards, someone she muted, and a laptop linked
    /// with a code (her devices, and a recovery code kept).
    static func playerWithARowInEveryTable(_ client: any TestClientProtocol, _ instance: TestStores.Instance)
        async throws -> (Browser, Browser, CreatedRoomJSON)
    {
        let ana = try await Browser.arriving(at: client)
        _ = try await instance.database.addTheme(ThemeStorageTests.sample, for: ana.player, at: Date())
        _ = try await ana.post("/play/random/choose/1")
        _ = try await ana.post("/play/random/options", form: [("turnBack", "tap")])
        _ = try await StatsHTTPTests.finishSetGame(ana)
        let room = try await ana.createRoom()
        _ = try await ana.postJSON("/devices/name", body: #"{"name": "Ana"}"#)
        _ = try await ana.postJSON("/appearance", body: #"{"appearance": "dark"}"#)
        _ = try await ana.postJSON("/sound", body: #"{"sound": "off"}"#)
        _ = try await ana.postJSON("/devices/recovery-code", body: "{}")
        let laptop = try await Browser.arriving(at: client)
        let code = try await DevicesHTTPTests.newCode(ana).code
        let linked = try laptop.adopting(try await DevicesHTTPTests.link(laptop, code: code))
        let player = ana.player.rawValue
        try await instance.execute(
            """
            INSERT INTO daily_play (player_id, puzzle_date, progress, last_claim, updated_at)
            VALUES ('\(player)', '2026-01-01', '{}', NULL, '2026-01-01 00:00:00')
            """)
        try await instance.execute(
            """
            INSERT INTO daily_solve (player_id, puzzle_date, duration_ms, wrong_tries, solved_at)
            VALUES ('\(player)', '2026-01-01', 1000, 0, '2026-01-01 00:00:00')
            """)
        // A rating after a rated game, its chart's point, and keeping off the leaderboards.
        try await RatingMergeTests.seed(
            instance.database, ana.player, pool: .set(.normal), rating: 1612.5, games: 1, at: Date())
        _ = try await ana.postJSON("/devices/leaderboards", body: #"{"hidden": true}"#)
        // Someone she muted.
        try await instance.database.setMuted(true, .random(), by: ana.player, at: Date())
        // A push subscription of hers, and a notification sent.
        try await instance.database.savePushSubscription(
            PushSubscription(
                endpoint: try PushEndpoint("https://push.example.net/send/1"),
                keys: try #require(
                    PushSubscriptionKeys(
                        p256dh: P256.KeyAgreement.PrivateKey().publicKey.x963Representation,
                        auth: Data(count: 16))),
                notify: [.yourTurn, .daily], dailyHour: 8),
            device: .random(), named: DeviceName(userAgent: nil), of: ana.player, at: Date())
        try await instance.execute(
            "INSERT INTO push_sent (key, sent_at) VALUES ('yourTurn:K7QX4P:1', '2026-01-01 00:00:00')")
        // Someone she played a room game with.
        let bo = PlayerID.random()
        try await instance.database.write { transaction in
            try transaction.storePlayer(bo, at: Date())
            try transaction.insert(
                AddedRow(
                    table: "recent_player",
                    values: [
                        ("player_id", .text(player)), ("other_id", .text(bo.rawValue)), ("name", .text("Bo")),
                        ("game", .text("set")), ("variant", .text("chain")), ("theme", .null),
                        ("played_at", .date(Date())),
                    ]))
        }
        for table in Set(damages.map(\.table)) {
            #expect(
                try await instance.count("SELECT count(*) FROM \(table)") > 0, "no row of \(table) to damage")
        }
        return (ana, linked, room)
    }
}
