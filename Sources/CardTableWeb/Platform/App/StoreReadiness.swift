import Synchronization

/// Whether the database can be used yet: a PostgreSQL database is migrated as the app starts,
/// while its services are already running, so the sweeps wait for this before their first run.
final class StoreReadiness: Sendable {
    private let isReady: Atomic<Bool>

    init(isReady: Bool) {
        self.isReady = Atomic(isReady)
    }

    /// A database that is ready when the app is built (SQLite migrates as it opens).
    static var ready: StoreReadiness { StoreReadiness(isReady: true) }

    func markReady() {
        isReady.store(true, ordering: .releasing)
    }

    /// Returns once the database is ready; throws when the task is cancelled first.
    func wait() async throws {
        while !isReady.load(ordering: .acquiring) {
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
