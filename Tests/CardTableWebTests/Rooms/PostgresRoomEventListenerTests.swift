import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// Two instances on one PostgreSQL: an event appended by one reaches the other's hub through
/// LISTEN/NOTIFY, and still does when the listening connection drops (it connects again and
/// catches up from the log).
@Suite struct PostgresRoomEventListenerTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    @Test(arguments: PostgresTestCluster.clusters)
    func eventsFromAnotherInstanceReachThisHubAcrossADroppedConnection(cluster: PostgresAddress) async throws
    {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let logger = Logger(label: "listener-tests")
            let (one, other) = (
                CardTableStorage.PostgresDatabase.underTest(address, logger: logger),
                CardTableStorage.PostgresDatabase.underTest(address, logger: logger)
            )
            let hub = RoomHub()
            let listener = PostgresRoomEventListener.make(
                address: address, database: other, hub: hub, logger: logger,
                backoff: RetryBackoff(first: .milliseconds(100), longest: .milliseconds(100)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await one.run() }
                group.addTask { await other.run() }
                defer { group.cancelAll() }
                try await one.migrate()
                let host = PlayerID.random()
                let made = try await one.createRoom(
                    at: now, maximumOpenRooms: 5, code: { RoomCode("K7QX4P")! }
                ) { code in
                    (
                        Room(
                            code: code, game: .set, theme: nil, host: host,
                            hostName: try! DisplayName(typed: "Ana")),
                        [RoomHappening(kind: .joined, text: "Ana made the room.", member: 1)]
                    )
                }
                let code = made.stored.room.code
                let (_, updates, _) = await hub.listen(to: code) { _ in [] }
                let heard = Mutex<[Int]>([])
                group.addTask {
                    for await number in updates { heard.withLock { $0.append(number) } }
                }
                group.addTask { await listener.run() }
                try await Self.waitForListeners(1, on: one)

                // Bo joins through the first instance: the other hears of event 2.
                _ = try await one.changeRoom(code, at: now) { stored, _ in
                    try stored.room.join(PlayerID.random(), as: DisplayName(typed: "Bo"))
                }
                try await Self.waitUntil("the hub heard of event 2") { heard.withLock { $0.contains(2) } }

                // The listening connection drops; Cy joins meanwhile; the listener connects again
                // and the hub learns of event 3 all the same.
                let dropped = try await Self.count(
                    one,
                    """
                    SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                    WHERE datname = current_database() AND query LIKE 'LISTEN%'
                    """
                )
                #expect(dropped == 1)
                _ = try await one.changeRoom(code, at: now) { stored, _ in
                    try stored.room.join(PlayerID.random(), as: DisplayName(typed: "Cy"))
                }
                try await Self.waitUntil("the hub heard of event 3") { heard.withLock { $0.contains(3) } }
                try await Self.waitForListeners(1, on: one)
            }
        }
    }

    /// Waits up to 10 s for `condition`.
    private static func waitUntil(_ what: Comment, _ condition: () -> Bool) async throws {
        for _ in 0..<200 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("not within 10 s: \(what)")
    }

    private static func waitForListeners(_ count: Int, on store: CardTableStorage.PostgresDatabase)
        async throws
    {
        for _ in 0..<200 {
            let listening = try await Self.count(
                store,
                """
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND query LIKE 'LISTEN%' AND state = 'idle'
                """)
            if listening == count { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no connection was listening after 10 s")
    }

    private static func count(_ store: CardTableStorage.PostgresDatabase, _ sql: String) async throws -> Int {
        var value = 0
        for try await count in try await store.client.query(PostgresQuery(unsafeSQL: sql)).decode(Int.self) {
            value = count
        }
        return value
    }
}
