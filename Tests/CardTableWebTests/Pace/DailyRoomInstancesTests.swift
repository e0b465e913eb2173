import Foundation
import Logging
import MemorizeCore
import PushTestSupport
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb
@testable import WebPush

/// Several instances of one site (on PostgreSQL; one instance on SQLite) sweeping at the same
/// moment: an overdue turn passes once, its player is told once, and the day's puzzle reaches
/// each player once.
@Suite struct DailyRoomInstancesTests {
    let clock = TestClock.manual
    let day: TimeInterval = 24 * 60 * 60

    private func notifier(_ database: any CardTableDatabase, key: VAPIDKey) throws -> PushNotifier {
        let clock = clock
        return PushNotifier(
            database: database, key: key, delivery: try PushDelivery(timeout: .seconds(10)),
            contact: "mailto:admin@example.org", allowsLocalEndpoints: true, logger: Logger(label: "test"),
            now: { clock.now() }, firstWait: .milliseconds(20))
    }

    @Test(arguments: TestStores.available)
    func anOverdueTurnPassesOnceAndItsPlayerIsToldOnce(store kind: TestStores.Kind) async throws {
        let service = try await TestPushService()
        let (ana, bo) = (PlayerID.random(), PlayerID.random())
        let key = VAPIDKey()
        try await TestStores.withInstances(kind, count: 3) { instances in
            let clock = clock
            let referees = try instances.map { instance in
                var referee = RoomReferee(
                    database: instance.database, environment: WebEnvironment(now: { clock.now() }),
                    hub: RoomHub(),
                    logger: Logger(label: "test"), turnBackDelay: .milliseconds(1500))
                referee.notices = RoomNotices(
                    notifier: try notifier(instance.database, key: key), hub: referee.hub)
                return referee
            }
            let database = instances[0].database
            try await database.savePushSubscription(
                PushSubscription(
                    endpoint: try PushEndpoint(service.endpoint("/ana"), allowsLocal: true),
                    keys: PushReceiver().keys, notify: PushNoticeKind.standard, dailyHour: nil),
                device: .random(), named: DeviceName(userAgent: nil), of: ana, at: clock.now())
            let theme = try await database.addTheme(Theme("Pets", "🐶🐱🐭", color: .named("orange")), for: ana)
            let code = try await referees[0].create(
                .memorize, themeID: theme.id, hostName: DisplayName(typed: "Ana"), pace: .daily, for: ana
            ).room.code
            _ = try await referees[1].join(code, as: DisplayName(typed: "Bo"), for: bo)
            // Ana starts with her page open (on the first instance): she is told nothing.
            await referees[0].hub.connect(ana, to: code)
            _ = try await referees[0].start(code, for: ana)
            await referees[0].hub.disconnect(ana, from: code)
            // Ana misses her turn; all three instances sweep at once.
            clock.advance(by: day)
            let passed = try await withThrowingTaskGroup(of: Int.self) { group in
                for referee in referees { group.addTask { try await referee.passOverdueTurns() } }
                return try await group.reduce(0, +)
            }
            #expect(passed == 1)
            // Bo misses his; the turn comes back to Ana, who is told once.
            clock.advance(by: day)
            let again = try await withThrowingTaskGroup(of: Int.self) { group in
                for referee in referees { group.addTask { try await referee.passOverdueTurns() } }
                return try await group.reduce(0, +)
            }
            #expect(again == 1)
            for referee in referees { await referee.notices?.sends.settled() }
            let (events, _) = try await referees[2].catchUp(code, after: 0)
            let kinds = try events.map { try JSONText.decode(RoomEvent.self, from: $0).kind }
            #expect(kinds.filter { $0 == .turnMissed }.count == 2)
            #expect(service.received.map(\.head.uri) == ["/ana"])
        }
        try await service.stop()
    }

    @Test(arguments: TestStores.available)
    func theDailyPuzzleReachesEachPlayerOnceHoweverManyInstancesSweep(store kind: TestStores.Kind)
        async throws
    {
        let service = try await TestPushService()
        let ana = PlayerID.random()
        let key = VAPIDKey()
        try await TestStores.withInstances(kind, count: 3) { instances in
            try await instances[0].database.savePushSubscription(
                PushSubscription(
                    endpoint: try PushEndpoint(service.endpoint("/ana"), allowsLocal: true),
                    keys: PushReceiver().keys, notify: [.daily], dailyHour: 0),
                device: .random(), named: DeviceName(userAgent: nil), of: ana, at: clock.now())
            let sweeps = try instances.map {
                PushSweep(notifier: try notifier($0.database, key: key), logger: Logger(label: "test"))
            }
            // Ana asked at 0:00 UTC: the sweep runs at midnight of the test clock's first day.
            let midnight = Date(
                timeIntervalSince1970: 1_000_000 - 1_000_000.truncatingRemainder(dividingBy: day))
            let delivered = try await withThrowingTaskGroup(of: Int.self) { group in
                for sweep in sweeps { group.addTask { try await sweep.notifyDailyPuzzle(at: midnight) } }
                return try await group.reduce(0, +)
            }
            #expect(delivered == 1)
            #expect(service.received.count == 1)
        }
        try await service.stop()
    }
}
