import CardTableBasics
import CardTableStorage
import Foundation
import Logging
import MemorizeCore
import SetCore
import Testing

@testable import CardTableWeb

/// The server playing its bots: moves through the referee when they are due on the server's
/// clock, each as an event; none twice on one state of the table; none once the people left.
struct RoomBotDriverTests {
    private let ana = PlayerID.random()

    /// A referee on `clock` and a Set room of Ana and bots of `levels`, started.
    private func startedRoom(
        _ game: CardGame = .set, bots levels: [BotLevel], clock: TestClock
    ) async throws -> (RoomReferee, RoomCode) {
        let store = try SQLiteDatabase(.inMemory)
        let referee = RoomReferee(
            database: store, environment: WebEnvironment(now: { clock.now() }), hub: RoomHub(),
            logger: Logger(label: "test"), turnBackDelay: .milliseconds(1500))
        var themeID: ThemeID?
        if game == .memorize {
            themeID = try await store.addTheme(Theme("Pets", "🐶🐱🐭🐸", color: .named("orange")), for: ana).id
        }
        let code = try await referee.create(
            game, themeID: themeID, hostName: DisplayName(typed: "Ana"), for: ana
        ).room.code
        for level in levels { _ = try await referee.addBot(code, level: level, for: ana) }
        _ = try await referee.start(code, for: ana)
        return (referee, code)
    }

    /// Runs the driver beside `body`, then stops it.
    private func withDriver(_ referee: RoomReferee, _ body: () async throws -> Void) async throws {
        let driver = RoomBotDriver(
            referee: referee, leases: SoleInstanceBotLeases(), logger: Logger(label: "test"),
            tick: .milliseconds(10))
        let task = Task { try await driver.run() }
        defer { task.cancel() }
        try await body()
    }

    /// Waits (up to a minute of real time) until the room's last event is past `event`.
    private func eventsAfter(_ event: Int, in code: RoomCode, of referee: RoomReferee) async throws
        -> [RoomEvent]
    {
        let end = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < end {
            let (events, stored) = try await referee.catchUp(code, after: event)
            if stored.lastEvent > event {
                return try events.map { try JSONText.decode(RoomEvent.self, from: $0) }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("No event came after \(event)")
        return []
    }

    @Test func anExpertBotClaimsWhenItsMoveIsDueAndNotBefore() async throws {
        let clock = TestClock.manual
        let (referee, code) = try await startedRoom(bots: [.expert], clock: clock)
        let started = try await referee.current(code).lastEvent
        try await withDriver(referee) {
            // The clock stands still: nothing is due.
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await referee.current(code).lastEvent == started)
            clock.advance(by: 600)
            let events = try await eventsAfter(started, in: code, of: referee)
            #expect(events.first?.kind == .scored)
            #expect(events.first?.member == 2)
            #expect(events.first?.text.hasPrefix("Expert bot found a Set") == true)
        }
    }

    @Test func aMemorizeBotTakesItsTurnAfterTheMismatchHasShown() async throws {
        let clock = TestClock.manual
        let (referee, code) = try await startedRoom(.memorize, bots: [.quick], clock: clock)
        guard case .memorize(let game)? = try await referee.current(code).room.table else {
            throw RoomRefusal.wrongGame
        }
        let first = try #require(game.game.cards.first)
        let other = try #require(game.game.cards.first { $0.content != first.content })
        try await withDriver(referee) {
            _ = try await referee.choose(code, cardID: first.id, for: ana)
            let mismatch = try await referee.choose(code, cardID: other.id, for: ana).lastEvent
            clock.advance(by: 60)
            let events = try await eventsAfter(mismatch, in: code, of: referee)
            #expect(events.first?.member == 2)
            #expect([.turnedUp, .turnedBack].contains(events.first?.kind))
        }
    }

    @Test func aMoveDecidedOnAnOlderTableIsNotPlayed() async throws {
        let clock = TestClock.manual
        let (referee, code) = try await startedRoom(bots: [.expert], clock: clock)
        let stored = try await referee.current(code)
        let moves = RoomBotPlanner.moves(
            in: stored.room, lastEvent: stored.lastEvent, seenAt: clock.now(), turnBackDelay: 1.5)
        let move = try #require(moves.first)
        // Ana votes for more cards first: the room moved on, so the bot's move is dropped.
        _ = try await referee.voteToDeal(code, for: ana)
        let after = try await referee.playBot(code, move, decidedAt: stored.lastEvent)
        #expect(after.events.isEmpty)
        // Decided on the table as it is, the same move is played (once its cards have been on
        // the table for the reaction time).
        clock.advance(by: 1)
        let played = try await referee.playBot(code, move, decidedAt: after.lastEvent)
        let kinds = try played.events.map { try JSONText.decode(RoomEvent.self, from: $0).kind }
        #expect(kinds.first == .scored)
    }

    @Test func botsStopOnceThePersonLeft() async throws {
        let clock = TestClock.manual
        let (referee, code) = try await startedRoom(bots: [.expert, .quick], clock: clock)
        let left = try await referee.setAway(true, in: code, for: ana).lastEvent
        try await withDriver(referee) {
            clock.advance(by: 600)
            try await Task.sleep(for: .milliseconds(500))
            #expect(try await referee.current(code).lastEvent == left)
        }
    }
}
