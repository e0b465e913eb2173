import Foundation
import Logging
import SeededRandom
import SetCore
import Synchronization
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// The rooms' store, on SQLite and (with a test cluster) on PostgreSQL: the same answers from
/// both, nothing saved by a change that throws, and a room hammered with claims from several
/// instances at once keeps every rule of the game.
@Suite struct RoomStorageTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let ana = PlayerID.random()

    @Test(arguments: TestStores.available)
    func aRoomIsMadeChangedAndReadBack(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let stores = instances.map(\.database)
            let store = stores[0]
            let made = try await store.createRoom(at: now, maximumOpenRooms: 5, code: { RoomCode("K7QX4P")! })
            { code in
                (self.room(code), [RoomHappening(kind: .joined, text: "Ana made the room.", member: 1)])
            }
            #expect(made.stored.lastEvent == 1)
            #expect(made.events.count == 1)
            let bo = PlayerID.random()
            let code = made.stored.room.code
            let joined = try #require(
                try await store.changeRoom(code, at: now) { stored, _ in
                    try stored.room.join(bo, as: DisplayName(typed: "Bo"))
                })
            #expect(joined.stored.lastEvent == 2)
            let event = try JSONText.decode(RoomEvent.self, from: try #require(joined.events.first))
            #expect(
                event.number == 2 && event.kind == .joined && event.view.members.map(\.name) == ["Ana", "Bo"])

            // A change that throws saves nothing; an unknown code has no room.
            await #expect(throws: RoomRefusal.self) {
                try await store.changeRoom(code, at: now) { stored, _ in
                    _ = try stored.room.join(PlayerID.random(), as: DisplayName(typed: "Cy"))
                    throw RoomRefusal.notTheHost
                }
            }
            let missing = try await store.changeRoom(RoomCode("ZZZZZZ")!, at: now) { _, _ in [] }
            #expect(missing == nil)

            let all = try #require(try await store.room(code, with: .after(0, limit: 10)))
            #expect(all.stored.lastEvent == 2)
            #expect(all.stored.room.members.map(\.name.text) == ["Ana", "Bo"])
            #expect(all.events == made.events + joined.events)
            #expect(try await store.room(code, with: .after(1, limit: 10))?.events == joined.events)
            #expect(try await store.room(code, with: .lastPlay(1))?.events == joined.events)
            #expect(try await store.room(code, with: .game(0))?.events == all.events)
            #expect(try await store.room(code, with: .game(1))?.events == [])
            #expect(try await store.room(RoomCode("ZZZZZZ")!, with: .none) == nil)
        }
    }

    @Test(arguments: TestStores.available)
    func aTakenCodeIsDrawnAgain(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let stores = instances.map(\.database)
            let codes = ["K7QX4P", "K7QX4P", "M8RY5Q"].compactMap(RoomCode.init)
            let drawn = Counter()
            var made: [RoomCode] = []
            for _ in 0..<2 {
                let change = try await stores[0].createRoom(
                    at: now, maximumOpenRooms: 5, code: { codes[drawn.next()] }
                ) { code in
                    (self.room(code), [RoomHappening(kind: .joined, text: "Ana made the room.", member: 1)])
                }
                made.append(change.stored.room.code)
            }
            #expect(made == [codes[0], codes[2]])
        }
    }

    @Test(arguments: TestStores.available)
    func idleRoomsCloseAndConnectedOnesStay(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let stores = instances.map(\.database)
            let store = stores[0]
            var codes: [RoomCode] = []
            for text in ["K7QX4P", "M8RY5Q"] {
                let change = try await store.createRoom(
                    at: now, maximumOpenRooms: 5, code: { RoomCode(text)! }
                ) { code in
                    (self.room(code), [RoomHappening(kind: .joined, text: "Ana made the room.", member: 1)])
                }
                codes.append(change.stored.room.code)
            }
            let later = now.addingTimeInterval(31 * 60)
            let closing = RoomHappening(kind: .closed, text: "Closed.")
            let closed = try await store.closeRooms(
                idleSince: later.addingTimeInterval(-30 * 60), connected: [codes[1]], at: later,
                saying: closing)
            #expect(closed == [codes[0]])
            let first = try #require(try await store.room(codes[0], with: .lastPlay(1)))
            #expect(first.stored.closedAt != nil)
            #expect(
                try JSONText.decode(RoomEvent.self, from: try #require(first.events.last)).kind == .closed)
            #expect(try await store.room(codes[1], with: .none)?.stored.closedAt == nil)
            let again = try await store.closeRooms(
                idleSince: later.addingTimeInterval(-60), connected: [], at: later.addingTimeInterval(1),
                saying: closing)
            #expect(again.isEmpty)
        }
    }

    /// Four instances (four stores on PostgreSQL, each with its own connections) claim the Sets
    /// of one table as fast as they can until the game ends.
    @Test(arguments: TestStores.available)
    func claimsFromSeveralInstancesAtOnceKeepTheRules(store kind: TestStores.Kind) async throws {
        let players = (0..<4).map { _ in PlayerID.random() }
        try await TestStores.withInstances(kind, count: 4) { instances in
            let stores = instances.map(\.database)
            let start = now
            let made = try await stores[0].createRoom(
                at: now, maximumOpenRooms: 5, code: { RoomCode("K7QX4P")! }
            ) { code in
                var room = Room(
                    code: code, game: .set, theme: nil, host: players[0],
                    hostName: try! DisplayName(typed: "P1"))
                for (index, player) in players.enumerated().dropFirst() {
                    _ = try! room.join(player, as: DisplayName(typed: "P\(index + 1)"))
                }
                var generator = SeededGenerator(seed: 21)
                _ = try! room.start(by: players[0], using: &generator, at: start)
                return (room, [RoomHappening(kind: .started, text: "Go.")])
            }
            let code = made.stored.room.code
            let acknowledged = try await withThrowingTaskGroup(of: [String].self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask {
                        var acknowledged: [String] = []
                        for _ in 0..<200 {
                            guard let (stored, _) = try await store.room(code, with: .none),
                                case .set(let game)? = stored.room.table, stored.room.phase == .playing,
                                let trio = SetRules.allSets(in: game.table).randomElement()
                            else { return acknowledged }
                            do {
                                let change = try await store.changeRoom(code, at: start) { stored, now in
                                    try stored.room.claim(trio.cards.map(\.id), by: players[index], at: now)
                                }
                                acknowledged += change?.events ?? []
                            } catch let refusal as RoomRefusal {
                                // Another instance took the last Set first.
                                #expect(refusal.description == "The game is over.")
                                return acknowledged
                            }
                        }
                        return acknowledged
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let final = try #require(try await stores[0].room(code, with: .after(0, limit: 10_000)))
            guard case .set(let game)? = final.stored.room.table else { throw RoomRefusal.wrongGame }
            let events = try final.events.map { try JSONText.decode(RoomEvent.self, from: $0) }
            #expect(final.stored.room.phase == .finished)
            #expect(events.map(\.number) == Array(1...final.stored.lastEvent))
            // Every acknowledged event is in the log, and every event after the start was acknowledged.
            #expect(Set(acknowledged) == Set(final.events.dropFirst()))
            #expect(acknowledged.count == final.events.count - 1)
            // Every card is in exactly one place; each Set scored once; scores are the Sets taken.
            let taken = game.piles.flatMap { $0.flatMap(\.cards) }
            #expect(taken.count + game.table.count + game.deck.count == SetCard.deckSize)
            #expect(
                Set(taken.map(\.id) + game.table.map(\.id) + game.deck.map(\.id)).count == SetCard.deckSize)
            let scored = events.filter { $0.kind == .scored }
            #expect(scored.count == game.piles.map(\.count).reduce(0, +))
            #expect(Set(scored.flatMap(\.cards)).count == scored.count * 3)
            #expect(game.scores == game.piles.map(\.count))
            #expect(events.contains { $0.kind == .gameOver })
        }
    }

    // MARK: - Growth: open rooms per host, and deleting closed ones

    /// Makes a room hosted by `host` (Ana unless told), with a free code.
    @discardableResult
    private func makeRoom(
        in store: any CardTableDatabase, host: PlayerID? = nil, at date: Date? = nil,
        maximumOpenRooms: Int = 5
    ) async throws -> RoomCode {
        let host = host ?? ana
        return try await store.createRoom(
            at: date ?? now, maximumOpenRooms: maximumOpenRooms,
            code: {
                var generator = SystemRandomNumberGenerator()
                return RoomCode.random(using: &generator)
            }
        ) { code in
            (
                Room(
                    code: code, game: .set, theme: nil, host: host, hostName: try! DisplayName(typed: "Ana")),
                [RoomHappening(kind: .joined, text: "Ana made the room.", member: 1)]
            )
        }.stored.room.code
    }

    @Test(arguments: TestStores.available)
    func aHostHasAtMostFiveOpenRoomsAtOnce(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            var codes: [RoomCode] = []
            for _ in 0..<5 { codes.append(try await makeRoom(in: store)) }
            await #expect(throws: RoomRefusal.tooManyOpenRooms(maximum: 5)) { try await makeRoom(in: store) }
            #expect(try await instances[0].count("SELECT count(*) FROM room") == 5)
            #expect(try await instances[0].count("SELECT count(*) FROM room_event") == 5)
            // Another host is not held back; a closed room no longer counts.
            try await makeRoom(in: store, host: PlayerID.random())
            let later = now.addingTimeInterval(31 * 60)
            _ = try await store.closeRooms(
                idleSince: later.addingTimeInterval(-30 * 60), connected: Array(codes.dropFirst()), at: later,
                saying: RoomHappening(kind: .closed, text: "Closed."))
            try await makeRoom(in: store, at: later)
            await #expect(throws: RoomRefusal.tooManyOpenRooms(maximum: 5)) { try await makeRoom(in: store) }
        }
    }

    /// Four instances make rooms for one host (not stored yet) at the same moment: five are made.
    @Test(arguments: TestStores.available)
    func roomsMadeAtTheSameMomentStayWithinTheLimit(store kind: TestStores.Kind) async throws {
        let host = PlayerID.random()
        try await TestStores.withInstances(kind, count: 4) { instances in
            let outcomes = try await withThrowingTaskGroup(of: [Bool].self) { group in
                for instance in instances {
                    group.addTask {
                        try await withThrowingTaskGroup(of: Bool.self) { attempts in
                            for _ in 0..<4 {
                                attempts.addTask {
                                    do {
                                        try await makeRoom(in: instance.database, host: host)
                                        return true
                                    } catch RoomRefusal.tooManyOpenRooms(maximum: 5) {
                                        return false
                                    }
                                }
                            }
                            return try await attempts.reduce(into: []) { $0.append($1) }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(outcomes.count == 16)
            #expect(outcomes.filter { $0 }.count == 5)
            #expect(
                try await instances[0].count("SELECT count(*) FROM room WHERE host_id = '\(host.rawValue)'")
                    == 5)
            #expect(
                try await instances[0].count("SELECT count(*) FROM player WHERE id = '\(host.rawValue)'") == 1
            )
        }
    }

    /// A room closed before the cutoff goes with its events; the games in its players' histories
    /// stay, and so do open rooms and rooms closed since.
    @Test(arguments: TestStores.available)
    func closedRoomsAreDeletedWithTheirEventsButNotTheirPlayersGames(store kind: TestStores.Kind) async throws
    {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let (store, count) = (instances[0].database, instances[0].count)
            let played = try await finishedRoom(in: store)
            #expect(try await count("SELECT count(*) FROM finished_game") == 1)
            let (open, closedLater) = (try await makeRoom(in: store), try await makeRoom(in: store))
            let closing = RoomHappening(kind: .closed, text: "Closed.")
            let closedAt = now.addingTimeInterval(3_600)
            _ = try await store.closeRooms(
                idleSince: closedAt, connected: [open, closedLater], at: closedAt, saying: closing)
            let afterwards = closedAt.addingTimeInterval(20 * 24 * 3_600)
            _ = try await store.closeRooms(
                idleSince: afterwards, connected: [open], at: afterwards, saying: closing)
            #expect(try await store.deleteRooms(closedBefore: closedAt, limit: 10) == 0)
            #expect(try await store.deleteRooms(closedBefore: closedAt.addingTimeInterval(1), limit: 10) == 1)
            #expect(try await store.room(played, with: .none) == nil)
            #expect(
                try await count("SELECT count(*) FROM room_event WHERE room_code = '\(played.rawValue)'") == 0
            )
            #expect(try await count("SELECT count(*) FROM finished_game") == 1)
            #expect(try await store.room(open, with: .none) != nil)
            #expect(try await store.room(closedLater, with: .none) != nil)
            // At most `limit` at a time.
            _ = try await store.closeRooms(
                idleSince: .distantFuture, connected: [], at: afterwards, saying: closing)
            let end = Date.distantFuture
            #expect(try await store.deleteRooms(closedBefore: end, limit: 1) == 1)
            #expect(try await store.deleteRooms(closedBefore: end, limit: 1) == 1)
            #expect(try await store.deleteRooms(closedBefore: end, limit: 1) == 0)
            #expect(try await count("SELECT count(*) FROM room") == 0)
            #expect(try await count("SELECT count(*) FROM room_event") == 0)
        }
    }

    /// A Set room Ana plays alone to its end; its code.
    private func finishedRoom(in store: any CardTableDatabase) async throws -> RoomCode {
        let code = try await makeRoom(in: store)
        _ = try await store.changeRoom(code, at: now) { stored, now in
            var generator = SeededGenerator(seed: 5)
            return try stored.room.start(by: self.ana, using: &generator, at: now)
        }
        for _ in 0..<40 {
            guard let (stored, _) = try await store.room(code, with: .none), stored.room.phase == .playing,
                case .set(let game)? = stored.room.table
            else { break }
            let trio = try #require(SetRules.allSets(in: game.table).first)
            _ = try await store.changeRoom(code, at: now) { stored, now in
                try stored.room.claim(trio.cards.map(\.id), by: self.ana, at: now)
            }
        }
        try #require(try await store.room(code, with: .none)?.stored.room.phase == .finished)
        return code
    }

    private func room(_ code: RoomCode) -> Room {
        Room(code: code, game: .set, theme: nil, host: ana, hostName: try! DisplayName(typed: "Ana"))
    }
}

/// Hands out 0, 1, 2… across tasks (or just counts, with ``add()``).
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock { count in
            defer { count += 1 }
            return count
        }
    }

    func add() { _ = next() }

    /// How many were handed out (or added).
    var count: Int { value.withLock { $0 } }
}
