import Foundation
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// `cardtable backup` and `restore`: every table and column is in a backup, a backup restored
/// into either store and backed up again is the same file (SQLite to PostgreSQL and back), a
/// restore refuses a database in use, and a damaged file is named by its line.
@Suite struct BackupTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000.123)

    @Test func aBackupHoldsEveryTableAndColumnOfTheSchema() async throws {
        let schema = try await PostgresMigrationTests.sqliteSchema()
        let backedUp = Dictionary(
            uniqueKeysWithValues: BackupTable.all.map { ($0.name, $0.columns.map(\.name).sorted()) })
        let stored = schema.columns.mapValues {
            $0.map { $0.hasSuffix("?") ? String($0.dropLast()) : $0 }.sorted()
        }
        #expect(backedUp == stored)
        #expect(Backup.schema == SQLiteDatabase.migrator.migrations.last)
        #expect(Backup.schema == PostgresSchema.schema)
    }

    static var trips: [(TestStores.Kind, TestStores.Kind)] {
        TestStores.available.flatMap { from in TestStores.available.map { (from, $0) } }
    }

    @Test(arguments: trips)
    func aRestoredBackupBacksUpTheSame(from source: TestStores.Kind, to destination: TestStores.Kind)
        async throws
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, second) = (
            folder.appendingPathComponent("one.jsonl"), folder.appendingPathComponent("two.jsonl")
        )

        let made = try await TestStores.withInstances(source, count: 1) { instances in
            try await populate(instances[0])
            return try await Backup.make(from: instances[0].database, to: first)
        }
        #expect(
            made["set_game"] == 1 && made["room"] == 1 && made["room_event"] == 2 && made["quarantine"] == 1)
        #expect(made["memorize_game"] == 1 && made["memorize_preferences"] == 1 && (made["theme"] ?? 0) >= 1)
        #expect(made["finished_game"] == 1 && made["daily_play"] == 1 && made["daily_solve"] == 1)
        #expect(made["device"] == 2 && made["device_code"] == 2 && made["player_name"] == 1)
        #expect(made["player_rating"] == 1 && made["rating_change"] == 1 && made["leaderboard_hidden"] == 1)
        try await TestStores.withInstances(destination, count: 1) { instances in
            let restored = try await Backup.restore(from: first, into: instances[0].database)
            #expect(restored == made)
            // The forgotten laptop is still forgotten after the move.
            #expect(
                try await instances[0].count("SELECT count(*) FROM device WHERE forgotten_at IS NOT NULL")
                    == 1)
            try await Backup.make(from: instances[0].database, to: second)
            // A database in use is not overwritten.
            await #expect(throws: BackupError.destinationNotEmpty) {
                try await Backup.restore(from: first, into: instances[0].database)
            }
        }
        let (one, two) = (
            try String(contentsOf: first, encoding: .utf8), try String(contentsOf: second, encoding: .utf8)
        )
        #expect(one == two)
        #expect(one.contains(#""color_blind":true"#) && one.contains(#""closed_at":null"#))
        #expect(one.contains(#""rating":1523.4567890123"#))
    }

    /// A backup made before stats and the daily puzzle (schema `v6-rooms`) restores, with those
    /// tables empty.
    @Test func aBackupFromBeforeStatsRestores() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (current, older) = (
            folder.appendingPathComponent("v7.jsonl"), folder.appendingPathComponent("v6.jsonl")
        )
        try await TestStores.withInstances(.sqlite, count: 1) { instances in
            try await populate(instances[0])
            try await Backup.make(from: instances[0].database, to: current)
        }
        let newTables = [
            "finished_game", "daily_play", "daily_solve", "device", "device_code", "player_name",
            "player_appearance",
        ]
        let lines = try String(contentsOf: current, encoding: .utf8).split(separator: "\n").filter { line in
            !newTables.contains { line.contains(#""table":"\#($0)""#) }
        }
        let header = #"{"cardtable":"backup","format":1,"schema":"v6-rooms"}"#
        try ([header] + lines.dropFirst().map(String.init)).joined(separator: "\n").appending("\n").write(
            to: older, atomically: true, encoding: .utf8)
        try await TestStores.withInstances(.sqlite, count: 1) { instances in
            let restored = try await Backup.restore(from: older, into: instances[0].database)
            #expect(restored["set_game"] == 1 && restored["room_event"] == 2)
            #expect(newTables.allSatisfy { (restored[$0] ?? 0) == 0 })
        }
    }

    /// A backup made before Set's variants were kept (schema `v9-player-names`) has no
    /// `finished_game.variant`: its games restore into either store without one, as Normal Set.
    @Test(arguments: TestStores.available)
    func aBackupFromBeforeSetVariantsRestores(to destination: TestStores.Kind) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (current, older) = (
            folder.appendingPathComponent("v10.jsonl"), folder.appendingPathComponent("v9.jsonl")
        )
        try await TestStores.withInstances(.sqlite, count: 1) { instances in
            try await populate(instances[0])
            try await Backup.make(from: instances[0].database, to: current)
        }
        let lines = try String(contentsOf: current, encoding: .utf8).split(separator: "\n").map(String.init)
        let game = try #require(lines.first { $0.contains(#""table":"finished_game""#) })
        #expect(game.contains(#","variant":"normal"}"#))
        let header = #"{"cardtable":"backup","format":1,"schema":"v9-player-names"}"#
        let olderLines =
            [header]
            + lines.dropFirst().map { $0.replacingOccurrences(of: #","variant":"normal""#, with: "") }
        try olderLines.joined(separator: "\n").appending("\n").write(
            to: older, atomically: true, encoding: .utf8)
        try await TestStores.withInstances(destination, count: 1) { instances in
            let restored = try await Backup.restore(from: older, into: instances[0].database)
            #expect(restored["finished_game"] == 1)
            #expect(
                try await instances[0].count("SELECT count(*) FROM finished_game WHERE variant IS NULL") == 1)
            let player = try #require(
                game.firstMatch(of: /"player_id":"([0-9a-f]{32})"/).flatMap {
                    PlayerID(rawValue: String($0.1))
                })
            let history = try await instances[0].database.finishedGames(of: player)
            #expect(history.map(\.variant) == [.normal])
        }
    }

    @Test func aDamagedBackupIsNamedByItsLine() throws {
        let header = #"{"cardtable":"backup","format":1,"schema":"v13-ratings"}"#
        let finishedGame =
            #"{"table":"finished_game","row":{"id":1,"player_id":"a","game":"set","theme":null,"mode":"solo","score":1,"breakdown":"{}","duration_ms":0,"moves":0,"finished_at":"2026-11-24T20:13:05.123Z"}}"#
        let cases: [(String, BackupError)] = [
            ("hello", .notABackup(line: 1)),
            (
                #"{"cardtable":"backup","format":1,"schema":"v11-future"}"#,
                .otherSchema(found: "v11-future", expected: "v17-daily-rooms")
            ),
            // A column added after the backup's schema may be missing, but not one of its own.
            (header + "\n" + finishedGame, .badValue(table: "finished_game", column: "variant", line: 2)),
            (header + "\n{\"table\": \"player\"}", .notABackup(line: 2)),
            (header + "\n" + #"{"table":"users","row":{}}"#, .unknownTable("users", line: 2)),
            (
                header + "\n" + #"{"table":"player","row":{"id":"a"}}"#,
                .badValue(table: "player", column: "created_at", line: 2)
            ),
            (
                header + "\n"
                    + #"{"table":"player","row":{"id":"a","created_at":"2026-11-24T20:13:05.123Z","last_seen_at":null,"owns_themes":1,"unsigned_cookie":false}}"#,
                .badValue(table: "player", column: "owns_themes", line: 2)
            ),
            // Blank lines are counted.
            (header + "\n\n\nhello", .notABackup(line: 4)),
            (
                header + "\n"
                    + #"{"table":"player_name","row":{"player_id":"a","name":null,"updated_at":null}}"#
                    + "\n" + #"{"table":"player","row":{}}"#,
                .tableOutOfOrder("player", after: "player_name", line: 3)
            ),
        ]
        for (text, error) in cases {
            #expect(throws: error) {
                var reader = try BackupReader(LinesInput(text))
                while try reader.next() != nil {}
            }
        }
    }

    /// A player with a Set game, Memorize preferences, a theme and a game dealt from it, a
    /// finished game and a solved daily puzzle; a room with two events; and a row in the
    /// quarantine.
    private func populate(_ instance: TestStores.Instance) async throws {
        let (ana, bo) = (PlayerID.random(), PlayerID.random())
        let now = now
        try await instance.database.changeSetGame(for: ana, at: now) { _ in
            (
                SavedSetGame(
                    game: SetGame(mode: .solo, at: now), lastMove: .newGame, colorBlind: true, version: 2), ()
            )
        }
        try await instance.database.setDisplayName(try DisplayName(typed: "Ana"), of: ana, at: now)
        try await instance.execute(
            """
            INSERT INTO theme (id, player_id, position, name, emojis, removed_emojis, number_of_pairs, color, is_deleted)
            VALUES (900001, '\(ana.rawValue)', 0, 'Pets', '🐶🐱', '', 2, 'orange', (1 = 0))
            """)
        try await instance.execute(
            """
            INSERT INTO memorize_game (player_id, slot, theme_id, state, last_choice, updated_at, deal)
            VALUES ('\(ana.rawValue)', 'theme-900001', 900001, '{}', NULL, CURRENT_TIMESTAMP, 3)
            """)
        try await instance.execute(
            """
            INSERT INTO memorize_preferences (player_id, peeks_at_start, turn_back_after_ms, updated_at)
            VALUES ('\(ana.rawValue)', (1 = 1), 2000, CURRENT_TIMESTAMP)
            """)
        // A finished game of Set and the day's puzzle, solved.
        let table = SetFixtures.set + Array(SetFixtures.companions.prefix(9))
        try await instance.database.changeSetGame(for: ana, at: now) { _ in
            var game = try SetGame(deck: [], table: table, at: now)
            for card in SetFixtures.set { game.select(card, at: now + 3) }
            return (SavedSetGame(game: game, colorBlind: true, version: 3), ())
        }
        let date = PuzzleDate(day: now)
        let puzzle = DailySetPuzzle(date: date)
        try await instance.database.changeDailyPlay(on: date, for: ana, at: now) { _ in
            var progress = DailyPuzzleProgress(date: date)
            progress.start(at: now)
            for trio in puzzle.sets { _ = progress.claim(trio.cards, of: puzzle, at: now + 42) }
            return (
                DailyPlay(
                    progress: progress,
                    lastClaim: DailyLastClaim(cards: puzzle.sets[5].cards, outcome: .found(puzzle.sets[5]))),
                ()
            )
        }
        #expect(try await instance.count("SELECT count(*) FROM finished_game") == 1)
        #expect(try await instance.count("SELECT count(*) FROM daily_solve") == 1)
        let room = try await instance.database.createRoom(
            at: now, maximumOpenRooms: 5, code: { RoomCode("K7QX4P")! }
        ) { code in
            (
                Room(code: code, game: .set, theme: nil, host: ana, hostName: try! DisplayName(typed: "Ana")),
                [RoomHappening(kind: .joined, text: "Ana made the room.", member: 1)]
            )
        }
        _ = try await instance.database.changeRoom(room.stored.room.code, at: now) { stored, _ in
            try stored.room.join(bo, as: DisplayName(typed: "Bo <3"))
        }
        // Ana's phone, her forgotten laptop (a session that must stay refused), and her codes.
        let (phone, laptop) = (DeviceID.random(), DeviceID.random())
        let device = DeviceName(
            userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1")
        _ = try await instance.database.devices(of: ana, recording: phone, named: device, at: now)
        _ = try await instance.database.devices(of: ana, recording: laptop, named: device, at: now + 1)
        #expect(try await instance.database.forgetDevice(laptop, of: ana, at: now + 2))
        let secret = ServerSecret.random()
        var random = SystemRandomNumberGenerator()
        for code in [DeviceCode.newLinkCode(using: &random), DeviceCode.newRecoveryCode(using: &random)] {
            try await instance.database.storeDeviceCode(
                code, expiresAt: code.kind == .link ? now + 600 : nil, for: ana, on: phone, named: device,
                at: now,
                secret: secret)
        }
        // Ratings: Ana's after a rated game (a fraction a JSON number must keep exactly), her chart
        // point, and Bo hiding from the leaderboards.
        try await RatingMergeTests.seed(
            instance.database, ana, pool: .set(.ultra), rating: 1523.456_789_012_3, games: 1, at: now)
        try await instance.database.setHiddenFromLeaderboards(true, for: bo, at: now)
        // Bo's Set game cannot be read: it goes to the quarantine.
        try await instance.database.changeSetGame(for: bo, at: now) { _ in
            (SavedSetGame(game: SetGame(mode: .solo, at: now), lastMove: .newGame), ())
        }
        try await instance.execute("UPDATE set_game SET state = 'x' WHERE player_id = '\(bo.rawValue)'")
        #expect(try await instance.database.setGame(for: bo) == nil)
    }
}
