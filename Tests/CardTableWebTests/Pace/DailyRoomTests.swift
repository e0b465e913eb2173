import Foundation
import Logging
import MemorizeCore
import PushTestSupport
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb
@testable import WebPush

/// A Memorize room played a turn a day, on a clock the test moves: turns wait a day and no page
/// need be open, a turn not played in a day passes, three in a row give the seat up, and each
/// notification (sent to a push service on loopback that decrypts it as a browser would) goes to
/// a player whose page of the room is not open, never to one whose is.
@Suite struct DailyRoomTests {
    let clock = TestClock.manual
    let day: TimeInterval = 24 * 60 * 60
    let key = VAPIDKey()

    /// A referee on SQLite in memory whose notices go out through a push service on loopback.
    struct Table {
        let referee: RoomReferee
        let store: SQLiteDatabase
        let notices: RoomNotices
    }

    private func table() throws -> Table {
        let clock = clock
        let store = try SQLiteDatabase(.inMemory)
        let hub = RoomHub()
        var referee = RoomReferee(
            database: store, environment: WebEnvironment(now: { clock.now() }), hub: hub,
            logger: Logger(label: "test"), turnBackDelay: .milliseconds(1500))
        let notifier = PushNotifier(
            database: store, key: key, delivery: try PushDelivery(timeout: .seconds(10)),
            contact: "mailto:admin@example.org", allowsLocalEndpoints: true, logger: Logger(label: "test"),
            now: { clock.now() }, firstWait: .milliseconds(20))
        let notices = RoomNotices(notifier: notifier, hub: hub)
        referee.notices = notices
        return Table(referee: referee, store: store, notices: notices)
    }

    private func subscribe(
        _ player: PlayerID, at service: TestPushService, path: String, receiver: PushReceiver,
        in store: SQLiteDatabase
    ) async throws {
        try await store.savePushSubscription(
            PushSubscription(
                endpoint: try PushEndpoint(service.endpoint(path), allowsLocal: true), keys: receiver.keys,
                notify: PushNoticeKind.standard, dailyHour: nil),
            device: .random(), named: DeviceName(userAgent: nil), of: player, at: clock.now())
    }

    /// Two cards of the room that do not match (read from the database, as no player could).
    private func mismatch(in code: RoomCode, by player: PlayerID, _ table: Table) async throws {
        guard case .memorize(let game)? = try await table.referee.current(code).room.table else {
            throw RoomRefusal.wrongGame
        }
        let first = try #require(game.game.cards.first { !$0.isMatched })
        let second = try #require(game.game.cards.first { !$0.isMatched && $0.content != first.content })
        _ = try await table.referee.choose(code, cardID: first.id, for: player)
        _ = try await table.referee.choose(code, cardID: second.id, for: player)
    }

    /// The notices `service` received at `path`, read as the browser holding `receiver` reads them.
    private func notices(at path: String, of service: TestPushService, with receiver: PushReceiver) throws
        -> [PushNotice]
    {
        try service.received.filter { $0.head.uri == path }.map { request in
            _ = try PushReceiver.claims(
                ofAuthorization: try #require(request.head.headers["Authorization"].first),
                signedBy: key.publicKey)
            return try JSONDecoder().decode(PushNotice.self, from: try receiver.open(request.body))
        }
    }

    @Test func aRoomPlayedATurnADayOverFourDays() async throws {
        let table = try table()
        let (referee, store) = (table.referee, table.store)
        let service = try await TestPushService()
        let (ana, bo, cy) = (PlayerID.random(), PlayerID.random(), PlayerID.random())
        let receivers = (ana: PushReceiver(), bo: PushReceiver(), cy: PushReceiver())
        let theme = try await store.addTheme(Theme("Pets", "🐶🐱🐭🐹🐰", color: .named("orange")), for: ana)
        try await subscribe(ana, at: service, path: "/push/ana", receiver: receivers.ana, in: store)
        try await subscribe(bo, at: service, path: "/push/bo", receiver: receivers.bo, in: store)
        try await subscribe(cy, at: service, path: "/push/cy", receiver: receivers.cy, in: store)

        // Day 0: Ana makes the room and starts it with her page open; Bo and Cy have none open.
        let code = try await referee.create(
            .memorize, themeID: theme.id, hostName: DisplayName(typed: "Ana"), pace: .daily, for: ana
        ).room.code
        _ = try await referee.join(code, as: DisplayName(typed: "Bo"), for: bo)
        _ = try await referee.join(code, as: DisplayName(typed: "Cy"), for: cy)
        await referee.hub.connect(ana, to: code)
        // Closing a page marks nobody away in a room played a turn a day.
        _ = try await referee.setAway(true, in: code, for: bo)
        _ = try await referee.start(code, for: ana)
        await table.notices.sends.settled()
        #expect(try notices(at: "/push/bo", of: service, with: receivers.bo).map(\.kind) == [.roomStarted])
        #expect(try notices(at: "/push/cy", of: service, with: receivers.cy).map(\.kind) == [.roomStarted])
        #expect(try notices(at: "/push/ana", of: service, with: receivers.ana).isEmpty)
        let started = try #require(try notices(at: "/push/bo", of: service, with: receivers.bo).first)
        #expect(started.url == "/rooms/\(code.rawValue)")
        #expect(started.title == "Room \(code) started")
        #expect(try await referee.current(code).room.members.allSatisfy { !$0.isAway })

        // Ana's mismatch makes it Bo's turn: he is told, and it counts on his home page.
        try await mismatch(in: code, by: ana, table)
        await table.notices.sends.settled()
        let boTold = try notices(at: "/push/bo", of: service, with: receivers.bo)
        #expect(boTold.map(\.kind) == [.roomStarted, .yourTurn])
        #expect(boTold.last?.title == "Your turn in room \(code)")
        #expect(try await store.dailyTurnCount(of: bo) == 1)
        #expect(try await store.dailyTurnCount(of: ana) == 0)

        // Cy opens the room's page and keeps it open from now on.
        await referee.hub.connect(cy, to: code)
        // A minute short of the day, Bo's turn is still his; then it passes to Cy.
        clock.advance(by: day - 60)
        #expect(try await referee.passOverdueTurns() == 0)
        #expect(
            try await referee.closeIdleRooms().isEmpty, "a room played a turn a day outlasts 30 idle minutes")
        clock.advance(by: 60)
        #expect(try await referee.passOverdueTurns() == 1)
        var room = try await referee.current(code).room
        #expect(room.memberToPlay?.player == cy)
        #expect(room.turnDue == clock.now().addingTimeInterval(day))

        // Day 1 to 3: Cy and Ana play as soon as it is their turn; Bo never does.
        for missed in 2...3 {
            try await mismatch(in: code, by: cy, table)
            try await mismatch(in: code, by: ana, table)
            clock.advance(by: day)
            #expect(try await referee.passOverdueTurns() == 1)
            room = try await referee.current(code).room
            #expect(room.turnClock?.missesInARow[1] == (missed == 3 ? 3 : missed))
        }
        await table.notices.sends.settled()

        // Bo missed three turns in a row: his seat is given up, the game goes on without him.
        #expect(room.phase == .playing)
        #expect(room.turnClock?.forfeitedSeats == [1])
        #expect(room.memberToPlay?.player == cy)
        let view = RoomView(room)
        #expect(view.pace == .daily)
        #expect(view.members.first { $0.name == "Bo" }?.forfeited == true)
        let (events, _) = try await referee.catchUp(code, after: 0)
        let kinds = try events.map { try JSONText.decode(RoomEvent.self, from: $0).kind }
        #expect(kinds.filter { $0 == .turnMissed }.count == 2)
        #expect(kinds.filter { $0 == .forfeited }.count == 1)
        let words = try events.map { try JSONText.decode(RoomEvent.self, from: $0).text }
        #expect(words.contains("Bo missed 3 turns in a row and gave up their seat."))

        // Bo was told of each of his turns; Cy and Ana, whose pages were open, of none.
        #expect(
            try notices(at: "/push/bo", of: service, with: receivers.bo).map(\.kind)
                == [.roomStarted, .yourTurn, .yourTurn, .yourTurn])
        #expect(try notices(at: "/push/cy", of: service, with: receivers.cy).map(\.kind) == [.roomStarted])
        #expect(try notices(at: "/push/ana", of: service, with: receivers.ana).isEmpty)
        // Bo no longer plays here: the room is not among his games, nor his turn anywhere.
        #expect(try await store.roomsSeating(bo).isEmpty)
        #expect(try await store.roomsSeating(cy).map(\.code) == [code])
        #expect(try await store.dailyTurnCount(of: bo) == 0)
        try await service.stop()
    }

    @Test func aRoomPlayedATurnADayClosesOnlyAfterSevenIdleDaysOutsideAGame() async throws {
        let table = try table()
        let referee = table.referee
        let (ana, bo) = (PlayerID.random(), PlayerID.random())
        let theme = try await table.store.addTheme(Theme("Pets", "🐶🐱", color: .named("orange")), for: ana)
        let waiting = try await referee.create(
            .memorize, themeID: theme.id, hostName: DisplayName(typed: "Ana"), pace: .daily, for: ana
        ).room.code
        let playing = try await referee.create(
            .memorize, themeID: theme.id, hostName: DisplayName(typed: "Ana"), pace: .daily, for: ana
        ).room.code
        _ = try await referee.join(playing, as: DisplayName(typed: "Bo"), for: bo)
        _ = try await referee.start(playing, for: ana)
        for _ in 0..<6 {
            clock.advance(by: day)
            _ = try await referee.passOverdueTurns()
            #expect(try await referee.closeIdleRooms().isEmpty)
        }
        clock.advance(by: day + 60)
        _ = try await referee.passOverdueTurns()
        // The room waiting for players closes; the game under way passed a turn today.
        #expect(try await referee.closeIdleRooms() == [waiting])
        await #expect(
            throws: AppError.conflict(
                "Room \(waiting) was closed after 7 days without a move; make a new room.")
        ) {
            try await referee.join(waiting, as: DisplayName(typed: "Bo"), for: bo)
        }
        #expect(try await referee.current(playing).closedAt == nil)
    }

    /// A room of Ana's played a turn a day, with Bo joined.
    private func dailyRoom(ana: PlayerID, bo: PlayerID) throws -> Room {
        var room = Room(
            code: try #require(RoomCode("K7QX4P")), game: .memorize,
            theme: Theme("Pets", "🐶🐱🐭", color: .named("orange")), pace: .daily, host: ana,
            hostName: try DisplayName(typed: "Ana"))
        _ = try room.join(bo, as: DisplayName(typed: "Bo"))
        return room
    }

    @Test func computerOpponentsPlayLiveRoomsOnly() throws {
        let (ana, bo) = (PlayerID.random(), PlayerID.random())
        let room = try dailyRoom(ana: ana, bo: bo)
        var tried = room
        do {
            _ = try tried.addBot(.casual, as: PlayerID.random(), by: ana)
            Issue.record("a computer opponent joined a room played a turn a day")
        } catch {
            #expect(error == .botsAreLive)
        }
        #expect(
            RoomPage(
                StoredRoom(room: room, lastEvent: 2, closedAt: nil), for: ana, announcement: "", origin: ""
            )
            .canAddBots == false)
    }

    @Test func aPlayerLinkedIntoAnotherIsNotSeatedTwice() throws {
        let (ana, bo, boOnHisPhone) = (PlayerID.random(), PlayerID.random(), PlayerID.random())
        var room = try dailyRoom(ana: ana, bo: bo)
        _ = try room.join(boOnHisPhone, as: DisplayName(typed: "Bo's phone"))
        let merged = room.mergeMember(boOnHisPhone, into: bo)
        #expect(merged)
        var generator = SystemRandomNumberGenerator()
        _ = try room.start(by: ana, using: &generator, at: clock.now())
        #expect(room.members.filter { $0.seat != nil }.map(\.name.text) == ["Ana", "Bo"])
        #expect(room.turnClock?.missesInARow.count == 2)
    }

    @Test func aSetRoomIsLive() async throws {
        let referee = try table().referee
        await #expect(
            throws: AppError.badRequest(
                "pace: a Set room is live (Set is a race); a turn a day is for Memorize.")
        ) {
            try await referee.create(.set, themeID: nil, hostName: nil, pace: .daily, for: PlayerID.random())
        }
    }
}
