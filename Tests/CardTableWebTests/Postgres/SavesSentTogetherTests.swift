import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// Moves from memory whose held saves wait while another batch is out go to PostgreSQL
/// together, as one statement (``PostgresDatabase/sendTogether(_:)``): each still answers as it
/// would alone, a save over a row changed meanwhile still runs again, and each room's notice
/// still reaches the other instances.
@Suite struct SavesSentTogetherTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    /// Three Set moves wait behind a held batch: they commit as one transaction (their rows
    /// share one `xmin`), except Cy's, whose row the other instance changed while it waited and
    /// which runs again on the row as read. They wait in the reverse of the order the batch
    /// saves their rows in, Cy's first, so each answer must find its way back to its own move.
    @Test(arguments: TestStores.available.filter { $0 != .sqlite })
    func setMovesThatWaitCommitTogether(store kind: TestStores.Kind) async throws {
        let players = (0..<3).map { _ in PlayerID.random() }.sorted { $0.rawValue > $1.rawValue }
        let (cy, ana, bo, dee) = (players[0], players[1], players[2], PlayerID.random())
        try await TestStores.withInstances(kind, count: 2) { instances in
            let mine = try #require(instances[0].database as? CardTableStorage.PostgresDatabase)
            let theirs = instances[1].database
            for player in [ana, bo, cy, dee] {
                _ = try await mine.changeSetGame(for: player, at: now, MovesFromMemoryTests.nextGame)
            }
            let gate = Gate()
            let holder = try heldSetSave(for: dee, in: mine)
            // Dee's save claims her game's row and her player row: no other save of hers goes with it.
            #expect(
                CardTableStorage.PostgresDatabase.shape(of: holder).claims == [
                    .setGame(of: dee), SavedRows.Key(table: "player", values: [.text(dee.rawValue)]),
                ])
            let holding = Task {
                try await mine.saveQueue.send(holder) { saves in
                    await gate.wait()
                    return try await mine.sendTogether(saves)
                }
            }
            let now = now
            var moves: [Task<Int?, any Error>] = []
            for player in [cy, ana, bo] {
                moves.append(
                    Task { try await mine.changeSetGame(for: player, at: now, MovesFromMemoryTests.nextGame) }
                )
                try await waitUntil("\(moves.count) saves wait") {
                    mine.saveQueue.waitingCount == moves.count
                }
            }
            #expect(try await theirs.changeSetGame(for: cy, at: now, MovesFromMemoryTests.nextGame) == 1)
            gate.open()
            #expect(try await holding.value.count == 1)
            var answered: [Int?] = []
            for move in moves { answered.append(try await move.value) }
            #expect(answered == [2, 1, 1])
            for (player, version) in [(ana, 2), (bo, 2), (cy, 3), (dee, 2)] {
                #expect(try await theirs.setGame(for: player)?.version == version)
            }
            let commits = try await instances[0].count(
                "SELECT count(DISTINCT xmin::text) FROM set_game WHERE player_id IN ('\(ana)', '\(bo)')")
            #expect(commits == 1)
            // Cy's move ran again on a connection, from its row as read.
            #expect(mine.movesFromMemory.load(ordering: .relaxed) == 2)
        }
    }

    /// Two rooms' joins wait behind a held batch and commit together; the other instance hears
    /// of both through its listener, as it would of each alone.
    @Test(arguments: PostgresTestCluster.clusters)
    func roomChangesThatWaitStillReachTheOtherInstance(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let logger = Logger(label: "saves-sent-together-tests")
            let (mine, theirs) = (
                CardTableStorage.PostgresDatabase.underTest(address, logger: logger),
                CardTableStorage.PostgresDatabase.underTest(address, logger: logger)
            )
            let hub = RoomHub()
            let listener = PostgresRoomEventListener.make(
                address: address, database: theirs, hub: hub, logger: logger,
                backoff: RetryBackoff(first: .milliseconds(100), longest: .milliseconds(100)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await mine.run() }
                group.addTask { await theirs.run() }
                defer { group.cancelAll() }
                try await mine.migrate()
                let heard = Heard()
                let codes = [RoomCode("K7QX4P")!, RoomCode("M3RT8W")!, RoomCode("Q2WE4R")!]
                for code in codes {
                    _ = try await makeRoom(code, in: mine)
                    _ = try await mine.changeRoom(code, at: now) { stored, _ in
                        try stored.room.join(PlayerID.random(), as: DisplayName(typed: "Bo"))
                    }
                }
                let (_, first, _) = await hub.listen(to: codes[0]) { _ in [] }
                group.addTask {
                    for await event in first { heard.add("K7QX4P \(event)") }
                }
                let (_, second, _) = await hub.listen(to: codes[1]) { _ in [] }
                group.addTask {
                    for await event in second { heard.add("M3RT8W \(event)") }
                }
                group.addTask { await listener.run() }
                try await waitUntil("the other instance listens") {
                    try await theirsListens(mine)
                }

                let now = now
                let gate = Gate()
                let holder = try heldSave(in: mine) { transaction in
                    _ = try transaction.changeRoom(codes[2], at: now) { stored, _ in
                        try stored.room.join(PlayerID.random(), as: DisplayName(typed: "Cy"))
                    }
                }
                let holding = Task {
                    try await mine.saveQueue.send(holder) { saves in
                        await gate.wait()
                        return try await mine.sendTogether(saves)
                    }
                }
                let joins = codes.prefix(2).map { code in
                    Task {
                        try await mine.changeRoom(code, at: now) { stored, _ in
                            try stored.room.join(PlayerID.random(), as: DisplayName(typed: "Cy"))
                        }
                    }
                }
                try await waitUntil("both joins wait") { mine.saveQueue.waitingCount == 2 }
                gate.open()
                _ = try await holding.value
                for join in joins { #expect(try await join.value?.stored.lastEvent == 3) }
                let commits = try await count(
                    mine, "SELECT count(DISTINCT xmin::text) FROM room WHERE code IN ('K7QX4P', 'M3RT8W')")
                #expect(commits == 1)
                try await waitUntil("the other instance heard of both joins") {
                    heard.events.isSuperset(of: ["K7QX4P 3", "M3RT8W 3"])
                }
            }
        }
    }

    /// The events a hub heard of, as room code and number.
    final class Heard: Sendable {
        private let heard = Mutex<Set<String>>([])

        func add(_ event: String) { heard.withLock { _ = $0.insert(event) } }
        var events: Set<String> { heard.withLock { $0 } }
    }

    /// `player`'s next Set game saved by `store`'s move from memory, held rather than sent.
    private func heldSetSave(for player: PlayerID, in store: CardTableStorage.PostgresDatabase) throws
        -> MoveSave
    {
        let now = now
        return try heldSave(in: store) { transaction in
            let start = try transaction.setGameForMove(for: player)
            try transaction.save(
                MovesFromMemoryTests.game(after: start.value), for: player, at: now,
                unlessChangedSince: start.version, finishing: nil)
        }
    }

    /// The save of `move`, run by `store` from memory, held rather than sent.
    private func heldSave(
        in store: CardTableStorage.PostgresDatabase, _ move: (PostgresTransaction) throws -> Void
    ) throws -> MoveSave {
        let held = HeldSave()
        try move(
            PostgresTransaction(
                destination: .holding(held), canWrite: false, damage: DamageLog(),
                deadline: store.statementDeadline, logger: store.logger, savedRows: store.savedRows))
        return try #require(held.state.save)
    }

    /// Makes Ana's Set room `code` in `store`; its code.
    private func makeRoom(_ code: RoomCode, in store: CardTableStorage.PostgresDatabase) async throws
        -> RoomCode
    {
        let host = PlayerID.random()
        return try await store.createRoom(at: now, maximumOpenRooms: 5, code: { code }) { code in
            (
                Room(
                    code: code, game: .set, theme: nil, host: host, hostName: try! DisplayName(typed: "Ana")),
                [RoomHappening(kind: .joined, text: "Ana made the room.", member: 1)]
            )
        }.stored.room.code
    }

    private func theirsListens(_ store: CardTableStorage.PostgresDatabase) async throws -> Bool {
        try await count(
            store,
            """
            SELECT count(*) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%' AND state = 'idle'
            """) == 1
    }

    /// Waits up to 10 s for `condition`.
    private func waitUntil(_ what: Comment, _ condition: () async throws -> Bool) async throws {
        for _ in 0..<1_000 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("not within 10 s: \(what)")
        throw CancellationError()
    }

    private func count(_ store: CardTableStorage.PostgresDatabase, _ sql: String) async throws -> Int {
        var value = 0
        for try await count in try await store.client.query(PostgresQuery(unsafeSQL: sql)).decode(Int.self) {
            value = count
        }
        return value
    }
}
