import Foundation
import Logging
import PostgresNIO
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// The advisory locks that decide which instance drives a room's bots: one holder at a time, and
/// the lock goes with its holder's connection.
@Suite struct PostgresAdvisoryLocksTests {
    @Test(arguments: PostgresTestCluster.clusters)
    func oneHolderAtATimeAndTheLockGoesWithItsConnection(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let logger = Logger(label: "lock-tests")
            let one = PostgresAdvisoryLocks(address: address, space: SharedBotLeases.space, logger: logger)
            let other = PostgresAdvisoryLocks(address: address, space: SharedBotLeases.space, logger: logger)
            let key = SharedBotLeases.key(RoomCode("K7QX4P")!)
            #expect(await one.tryLock(key))
            #expect(await one.tryLock(key), "taking a lock held is keeping it")
            #expect(await !other.tryLock(key))
            #expect(await other.tryLock(key &+ 1), "another room's lock is free")

            // Let go, the lock is the other's to take.
            await one.unlock(key)
            #expect(await !one.isHeld(key))
            #expect(await other.tryLock(key))
            #expect(await !one.tryLock(key))

            // The holder's connection ends (as when its instance is killed): the lock is free.
            let ended = try await PostgresTestCluster.withClient(address) { client in
                var count = 0
                let (space, object) = (UInt32(bitPattern: SharedBotLeases.space), UInt32(bitPattern: key))
                let rows = try await client.query(
                    PostgresQuery(
                        unsafeSQL: """
                            SELECT count(pg_terminate_backend(pid))::int8 FROM pg_locks
                            WHERE locktype = 'advisory' AND classid = \(space) AND objid = \(object)
                            """))
                for try await terminated in rows.decode(Int.self) { count = terminated }
                return count
            }
            #expect(ended == 1)
            try await Self.waitUntil("the terminated holder knows") { await !other.isHeld(key) }
            #expect(await one.tryLock(key))
            #expect(await other.tryLock(key &+ 1), "the other connects again for its next lock")
            #expect(await !other.tryLock(key))
            await one.close()
            await other.close()
        }
    }

    /// Waits up to 10 s for `condition`.
    private static func waitUntil(_ what: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while await !condition() {
            try #require(ContinuousClock.now < deadline, "timed out waiting until \(what)")
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
