import Foundation
import Logging
import MemorizeCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// A Memorize mismatch in a room turns back by itself once it has shown for the room's delay, on
/// every screen, whoever is connected; a later mismatch is never cut short by an earlier one's
/// wait, and one whose wait was lost still turns back.
@Suite struct MismatchTurnBackTests {
    // MARK: - On a live server

    /// NB: the room sweep, which also turns back a mismatch whose wait was lost, runs only at the
    /// start here, so it cannot hide a turn-back that never came within a test's time limit.
    private static let noSweep = Duration.seconds(3600)

    @Test func aMismatchTurnsBackByItselfOnEverySocketWithTheNextPlayerOffline() async throws {
        try await withLiveTestApp(sweepInterval: Self.noSweep) { session in
            // Ana, Bo and Cy play; Bo, whose turn the mismatch makes it, has no socket open.
            let (room, players) = try await startedMemorizeRoom(session, names: ["Ana", "Bo", "Cy"])
            let (first, second) = try await mismatchingCards(in: room, of: session)
            let ready = AsyncCounter(target: 2)
            let seen = try await withThrowingTaskGroup(of: [RoomMessageJSON].self) { group in
                for (index, player) in [players[0], players[2]].enumerated() {
                    group.addTask {
                        try await player.withRoomSocket(room.socketURL) { socket in
                            _ = try await socket.next()
                            await ready.arriveAndWait()
                            if index == 0 {
                                try await socket.send(#"{"type": "choose", "card": \#(first)}"#)
                                try await socket.send(#"{"type": "choose", "card": \#(second)}"#)
                            }
                            return try await eventsUntilTurnedBack(socket)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for events in seen {
                #expect(events.map(\.kind) == ["turnedUp", "mismatched", "turnedBack"])
                let shown = try #require(events[1].view?.memorize)
                #expect(shown.cards.filter(\.isFaceUp).map(\.id).sorted() == [first, second].sorted())
                let after = try #require(events[2].view?.memorize)
                #expect(after.cards.allSatisfy { !$0.isFaceUp && $0.content == nil })
                #expect(after.turn == 1, "still Bo's turn")
            }
        }
    }

    @Test func aMismatchWhoseWaitWasLostTurnsBackWhenASocketOpens() async throws {
        try await withLiveTestApp(sweepInterval: Self.noSweep) { session in
            let (room, players) = try await startedMemorizeRoom(session, names: ["Ana", "Bo"])
            let (first, second) = try await mismatchingCards(in: room, of: session)
            // Made in the database itself, as by an instance that stopped before its wait ran out.
            let code = try #require(RoomCode(room.code))
            let ana = players[0].player
            for card in [first, second] {
                _ = try await session.store.changeRoom(code, at: Date()) { stored, now in
                    try stored.room.choose(cardID: card, by: ana, at: now)
                }
            }
            // Events 1–3: made, joined, started.
            let events = try await players[1].withRoomSocket(room.socketURL + "?after=3") { socket in
                try await eventsUntilTurnedBack(socket)
            }
            #expect(events.map(\.kind) == ["turnedUp", "mismatched", "turnedBack"])
        }
    }

    // MARK: - The referee, on a clock the test moves

    @Test func aLaterMismatchIsNotCutShortByTheWaitOfAnEarlierOne() async throws {
        let clock = TestClock.manual
        let (referee, code, ana, bo) = try await startedMemorizeRoom(clock: clock)
        var requests = referee.turnBacks.requests.makeAsyncIterator()
        let (first, second) = try await mismatchingCards(in: code, of: referee)
        _ = try await referee.choose(code, cardID: first, for: ana)
        _ = try await referee.choose(code, cardID: second, for: ana)
        #expect(await requests.next() == .init(code: code, wait: .milliseconds(1500)))
        // A second later Bo turns two cards that do not match either: a mismatch of his own.
        clock.advance(by: 1)
        _ = try await referee.choose(code, cardID: first, for: bo)
        _ = try await referee.choose(code, cardID: second, for: bo)
        #expect(await requests.next() == .init(code: code, wait: .milliseconds(1500)))
        // Ana's wait ends: Bo's cards have shown for half a second, so they stay up, and the
        // room is looked at again when they are due.
        clock.advance(by: 0.5)
        try await referee.turnMismatchBackWhenDue(code)
        #expect(try await referee.current(code).room.isShowingMismatch)
        #expect(await requests.next() == .init(code: code, wait: .seconds(1)))
        clock.advance(by: 1)
        try await referee.turnMismatchBackWhenDue(code)
        let stored = try await referee.current(code)
        #expect(!stored.room.isShowingMismatch)
        let (events, _) = try await referee.catchUp(code, after: stored.lastEvent - 1)
        #expect(try events.map { try JSONText.decode(RoomEvent.self, from: $0).kind } == [.turnedBack])
    }

    @Test func theSweepTurnsBackAnOverdueMismatchInARoomSomeoneIsConnectedTo() async throws {
        let clock = TestClock.manual
        let (referee, code, ana, bo) = try await startedMemorizeRoom(clock: clock)
        let sweep = RoomSweep(referee: referee, logger: Logger(label: "test"))
        let (first, second) = try await mismatchingCards(in: code, of: referee)
        _ = try await referee.choose(code, cardID: first, for: ana)
        // NB: the wait this asks for is never run here, as when its instance stopped.
        _ = try await referee.choose(code, cardID: second, for: ana)
        await referee.hub.connect(bo, to: code)
        await sweep.sweepOnce()
        #expect(try await referee.current(code).room.isShowingMismatch, "not due yet")
        clock.advance(by: 2)
        await sweep.sweepOnce()
        let stored = try await referee.current(code)
        #expect(!stored.room.isShowingMismatch)
        let (events, _) = try await referee.catchUp(code, after: stored.lastEvent - 1)
        #expect(try events.map { try JSONText.decode(RoomEvent.self, from: $0).kind } == [.turnedBack])
    }

    // MARK: - Private

    /// A started Memorize room of three pairs, made by the first of `names` and joined by the
    /// others, in that order.
    private func startedMemorizeRoom(_ session: TestSession, names: [String]) async throws -> (
        CreatedRoomJSON, [Browser]
    ) {
        var players: [Browser] = []
        for _ in names { players.append(try await session.newPlayer()) }
        let theme = try await session.store.addTheme(
            Theme("Pets", "🐶🐱🐭", color: .named("orange")), for: players[0].player)
        let room = try await players[0].createRoom(
            #"{"game": "memorize", "themeID": \#(theme.id), "name": "\#(names[0])"}"#)
        for (player, name) in zip(players, names).dropFirst() {
            try await player.join(room, as: name)
        }
        #expect(try await players[0].postJSON(room.startURL, body: "{}").status == .ok)
        return (room, players)
    }

    /// A started Memorize room of Ana (whose turn it is) and Bo, refereed on `clock`.
    private func startedMemorizeRoom(clock: TestClock) async throws -> (
        RoomReferee, RoomCode, ana: PlayerID, bo: PlayerID
    ) {
        let store = try SQLiteDatabase(.inMemory)
        let referee = RoomReferee(
            database: store, environment: WebEnvironment(now: { clock.now() }), hub: RoomHub(),
            logger: Logger(label: "test"), turnBackDelay: .milliseconds(1500))
        let (ana, bo) = (PlayerID.random(), PlayerID.random())
        let theme = try await store.addTheme(Theme("Pets", "🐶🐱🐭", color: .named("orange")), for: ana)
        let code = try await referee.create(
            .memorize, themeID: theme.id, hostName: DisplayName(typed: "Ana"), for: ana
        ).room.code
        _ = try await referee.join(code, as: DisplayName(typed: "Bo"), for: bo)
        _ = try await referee.start(code, for: ana)
        return (referee, code, ana, bo)
    }

    /// Two cards of the room that do not match (read from the database, as no player could).
    private func mismatchingCards(in room: CreatedRoomJSON, of session: TestSession) async throws -> (
        Int, Int
    ) {
        let code = try #require(RoomCode(room.code))
        let stored = try #require(try await session.store.room(code, with: .none)).stored
        return try Self.mismatchingCards(of: stored.room)
    }

    private func mismatchingCards(in code: RoomCode, of referee: RoomReferee) async throws -> (Int, Int) {
        try Self.mismatchingCards(of: try await referee.current(code).room)
    }

    private static func mismatchingCards(of room: Room) throws -> (Int, Int) {
        guard case .memorize(let game)? = room.table else { throw RoomRefusal.wrongGame }
        let first = try #require(game.game.cards.first)
        let second = try #require(game.game.cards.first { $0.content != first.content })
        return (first.id, second.id)
    }

    /// The socket's events up to the first `turnedBack`, snapshots left out.
    private func eventsUntilTurnedBack(_ socket: RoomSocketConnection) async throws -> [RoomMessageJSON] {
        var events: [RoomMessageJSON] = []
        while events.last?.kind != "turnedBack" {
            let message = try await socket.next()
            if message.type == "event" { events.append(message) }
        }
        return events
    }
}
