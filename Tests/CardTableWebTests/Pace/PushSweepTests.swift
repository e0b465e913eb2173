import Foundation
import Logging
import PushTestSupport
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb
@testable import WebPush

/// The notifications' sweep: today's daily puzzle reaches the players who asked for it at this
/// hour (UTC), once a day each, not those who solved it; the keys of notices sent are forgotten
/// after three days.
@Suite struct PushSweepTests {
    /// 2026-12-01, 07:30 UTC.
    let clock = TestClock(step: 0, start: Date(timeIntervalSince1970: 1_796_110_200))
    let day: TimeInterval = 24 * 60 * 60

    private func sweep(_ store: SQLiteDatabase) throws -> PushSweep {
        let clock = clock
        let notifier = PushNotifier(
            database: store, key: VAPIDKey(), delivery: try PushDelivery(timeout: .seconds(10)),
            contact: "mailto:admin@example.org", allowsLocalEndpoints: true, logger: Logger(label: "test"),
            now: { clock.now() }, firstWait: .milliseconds(20))
        return PushSweep(notifier: notifier, logger: Logger(label: "test"))
    }

    private func subscribe(
        _ player: PlayerID, hour: Int, at service: TestPushService, path: String, in store: SQLiteDatabase
    ) async throws {
        try await store.savePushSubscription(
            PushSubscription(
                endpoint: try PushEndpoint(service.endpoint(path), allowsLocal: true),
                keys: PushReceiver().keys,
                notify: [.daily], dailyHour: hour),
            device: .random(), named: DeviceName(userAgent: nil), of: player, at: clock.now())
    }

    @Test func theDailyPuzzleReachesThoseWhoAskedAtThisHourOnceADay() async throws {
        let store = try SQLiteDatabase(.inMemory)
        let service = try await TestPushService()
        let (ana, bo, cy) = (PlayerID.random(), PlayerID.random(), PlayerID.random())
        try await subscribe(ana, hour: 7, at: service, path: "/ana", in: store)
        try await subscribe(bo, hour: 8, at: service, path: "/bo", in: store)
        try await subscribe(cy, hour: 7, at: service, path: "/cy", in: store)
        // Cy solved today's puzzle already.
        let today = PuzzleDate(day: clock.now()).description
        _ = try await store.write { transaction in
            try transaction.execute(
                """
                INSERT INTO daily_solve (player_id, puzzle_date, duration_ms, wrong_tries, solved_at)
                VALUES (\(cy.rawValue), \(today), 60000, 0, \(Date(timeIntervalSince1970: 1_796_104_800)))
                """)
        }
        let sweep = try sweep(store)
        #expect(try await sweep.notifyDailyPuzzle(at: clock.now()) == 1)
        #expect(try await sweep.notifyDailyPuzzle(at: clock.now().addingTimeInterval(60)) == 0)
        #expect(service.received.map(\.head.uri) == ["/ana"])
        // At 8:00 Bo's comes; the next day at 7:00 Ana's again, and Cy's (not solved that day).
        #expect(try await sweep.notifyDailyPuzzle(at: clock.now().addingTimeInterval(30 * 60)) == 1)
        #expect(try await sweep.notifyDailyPuzzle(at: clock.now().addingTimeInterval(day)) == 2)
        #expect(service.received.map(\.head.uri).sorted() == ["/ana", "/ana", "/bo", "/cy"])
        try await service.stop()
    }

    @Test func keysOfNoticesSentAreForgottenAfterThreeDays() async throws {
        let store = try SQLiteDatabase(.inMemory)
        let start = clock.now()
        for (key, age) in [("old", 3 * day + 60), ("recent", 3 * day - 60)] {
            #expect(try await store.notePushSent(key, at: start.addingTimeInterval(-age)))
        }
        try await sweep(store).sweepOnce()
        // The old key is free again; the recent one is still taken.
        #expect(try await store.notePushSent("old", at: start))
        #expect(try await !store.notePushSent("recent", at: start))
    }
}
