import Synchronization

/// Whether the database can be used yet: a PostgreSQL database is migrated as the app starts,
/// while its services are already running, so the sweeps wait for this before their first run,
/// and `GET /ready` answers 503 until then.
package final class DatabaseReadiness: Sendable {
    private let flag: Atomic<Bool>

    package init(isReady: Bool) {
        self.flag = Atomic(isReady)
    }

    /// A database that is ready when the app is built (SQLite migrates as it opens).
    package static var ready: DatabaseReadiness { DatabaseReadiness(isReady: true) }

    package func markReady() {
        flag.store(true, ordering: .releasing)
    }

    /// Whether the database is ready now.
    package var isReady: Bool { flag.load(ordering: .acquiring) }

    /// Returns once the database is ready; throws when the task is cancelled first.
    package func wait() async throws {
        while !flag.load(ordering: .acquiring) {
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
