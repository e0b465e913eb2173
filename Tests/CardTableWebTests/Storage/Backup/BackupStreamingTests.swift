import Foundation
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// A backup hands each row on as it reads it, from one snapshot, and a restore inserts each line
/// as it takes it in: neither holds the site in memory.
@Suite struct BackupStreamingTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000.123)

    @Test(arguments: TestStores.available)
    func aBackupWritesEachRowBeforeReadingTheNext(on kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            try await addPlayers(30, to: instances[0])
            let log = StreamLog()
            let counts = try await Self.backUp(instances[0].database, log: log, into: LinesOutput(log: log))
            #expect(counts["player_name"] == 30)
            let events = log.all
            let rowLines = events.indices.filter { events[$0] == .lineOut }.dropFirst()
            let firstRowLine = try #require(rowLines.first)
            // The first row went out as soon as it was read, long before the last table's turn.
            #expect(events[..<firstRowLine].filter { $0 == .rowRead }.count == 1)
            let lastQuery = try #require(events.lastIndex { if case .query = $0 { true } else { false } })
            #expect(events[lastQuery] == .query(table: BackupTable.all.last?.name))
            #expect(firstRowLine < lastQuery)
            // Every row read went out before the next was read.
            let reads = events.filter { $0 == .rowRead || $0 == .lineOut }.dropFirst()
            let rows = counts.values.reduce(0, +)
            #expect(Array(reads) == Array(repeating: [.rowRead, .lineOut], count: rows).flatMap { $0 })
        }
    }

    @Test(arguments: TestStores.available)
    func aBackupReadsEveryTableInOneSnapshot(on kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            try await addPlayers(2, to: instances[0])
            let log = StreamLog()
            try await Self.backUp(instances[0].database, log: log, into: LinesOutput(log: log))
            let transactions = log.all.filter { $0 == .readTransaction || $0 == .writeTransaction }
            #expect(transactions == [.readTransaction])
            #expect(
                log.all.filter { if case .query = $0 { true } else { false } }.count == BackupTable.all.count)
        }
    }

    @Test(arguments: TestStores.available)
    func aRestoreInsertsEachLineBeforeTakingTheNext(on kind: TestStores.Kind) async throws {
        let made = StreamLog()
        let backup = LinesOutput(log: made)
        try await TestStores.withInstances(kind, count: 1) { instances in
            try await addPlayers(30, to: instances[0])
            try await Self.backUp(instances[0].database, log: made, into: backup)
        }
        try await TestStores.withInstances(kind, count: 1) { instances in
            let log = StreamLog()
            let restored = try await Self.restore(
                LinesInput(backup.lines, log: log), into: instances[0].database, log: log)
            #expect(restored["player_name"] == 30)
            let events = log.all
            let firstInsert = try #require(events.firstIndex(of: .statement("INSERT")))
            // The header and the first row, and no more, were taken in before the first insert.
            #expect(events[..<firstInsert].filter { $0 == .lineIn }.count == 2)
            let taken = events.filter { $0 == .lineIn || $0 == .statement("INSERT") }.dropFirst()
            #expect(
                Array(taken)
                    == Array(repeating: [.lineIn, .statement("INSERT")], count: backup.lines.count - 1)
                    .flatMap { $0 })
            #expect(
                events.filter { $0 == .readTransaction || $0 == .writeTransaction } == [.writeTransaction])
        }
    }

    /// Text keys are in the order of their bytes on either store, whatever the order PostgreSQL's
    /// locale (here, ICU's, where `b` comes before `B` and `é` after `e`) would give them.
    @Test(arguments: TestStores.available)
    func aBackupSortsTextByItsBytes(on kind: TestStores.Kind) async throws {
        let slots = ["b", "B", "-a", "a-", "é", "e", "theme-10", "theme-9", "theme1"]
        try await TestStores.withInstances(kind, count: 1) { instances in
            let instance = instances[0]
            if kind == .postgres,
                try await instance.count("SELECT count(*) FROM pg_collation WHERE collname = 'und-x-icu'")
                    == 1
            {
                try await instance.execute(
                    #"ALTER TABLE memorize_game ALTER COLUMN slot TYPE TEXT COLLATE "und-x-icu""#)
            }
            let player = try await addPlayers(1, to: instance)[0]
            try await instance.execute(
                """
                INSERT INTO theme (id, player_id, position, name, emojis, removed_emojis, number_of_pairs, color, is_deleted)
                VALUES (900001, '\(player.rawValue)', 0, 'Pets', '🐶🐱', '', 2, 'orange', (1 = 0))
                """)
            for slot in slots {
                try await instance.execute(
                    """
                    INSERT INTO memorize_game (player_id, slot, theme_id, state, last_choice, updated_at, deal)
                    VALUES ('\(player.rawValue)', '\(slot)', 900001, '{}', NULL, CURRENT_TIMESTAMP, 3)
                    """)
            }
            let log = StreamLog()
            let output = LinesOutput(log: log)
            try await Self.backUp(instance.database, log: log, into: output)
            let backedUp = try output.lines.dropFirst().compactMap { line -> String? in
                let line = try JSONDecoder().decode(Backup.Line.self, from: line)
                guard line.table == "memorize_game", case .string(let slot) = line.row["slot"] else {
                    return nil
                }
                return slot
            }
            #expect(backedUp == slots.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }

    @Test func aFileIsReadLineByLineAcrossItsChunks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("backup.jsonl")
        let lines = [
            "first", "", String(repeating: "x", count: BackupFileInput.chunkSize * 2 + 7), "é", "last",
        ]
        // NB: no line break after the last line.
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let input = try BackupFileInput(file)
        var read: [String] = []
        while let line = try input.nextLine() { read.append(String(decoding: line, as: UTF8.self)) }
        #expect(read == lines)
    }

    @Test func aFailedBackupLeavesTheFileAsItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("backup.jsonl")
        try "yesterday\n".write(to: file, atomically: true, encoding: .utf8)

        let failed = try BackupFileOutput(replacing: file)
        try failed.write(line: Data("today".utf8))
        failed.discard()
        #expect(try String(contentsOf: file, encoding: .utf8) == "yesterday\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["backup.jsonl"])

        let made = try BackupFileOutput(replacing: file)
        for _ in 0..<2 {
            try made.write(line: Data(String(repeating: "y", count: BackupFileOutput.bufferSize).utf8))
        }
        try made.finish()
        #expect(try Data(contentsOf: file).count == 2 * (BackupFileOutput.bufferSize + 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["backup.jsonl"])
    }

    // MARK: - Helpers

    @discardableResult
    private func addPlayers(_ count: Int, to instance: TestStores.Instance) async throws -> [PlayerID] {
        let players = (0..<count).map { _ in PlayerID.random() }
        for player in players {
            try await instance.database.setDisplayName(try DisplayName(typed: "Ana"), of: player, at: now)
        }
        return players
    }

    @discardableResult
    private static func backUp(
        _ database: some CardTableDatabase, log: StreamLog, into output: some BackupOutput
    ) async throws -> [String: Int] {
        try await Backup.make(from: RecordingDatabase(base: database, log: log), into: output)
    }

    private static func restore(
        _ input: some BackupInput, into database: some CardTableDatabase, log: StreamLog
    ) async throws -> [String: Int] {
        try await Backup.restore(from: input, into: RecordingDatabase(base: database, log: log))
    }
}
