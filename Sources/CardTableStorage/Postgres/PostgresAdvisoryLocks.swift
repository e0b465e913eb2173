import Logging
import PostgresNIO
import ServiceLifecycle

/// Session advisory locks in PostgreSQL, held on a connection of their own: what lets one
/// instance of several do a piece of work (drive a room's computer opponents) while the others
/// stand by. A lock lasts as long as that connection, so when the instance holding it dies, even
/// by `kill -9`, PostgreSQL lets it go and another instance takes it on its next try.
///
/// Each lock is a pair of 32-bit numbers: the space (one per kind of work) and the key. When the
/// connection drops, every lock is gone; ``isHeld(_:)`` says so at once, and the next
/// ``tryLock(_:)`` connects again.
package actor PostgresAdvisoryLocks: Service {
    private let address: PostgresAddress
    private let space: Int32
    private let logger: Logger
    private var connection: PostgresConnection?
    private var connecting: Task<PostgresConnection, any Error>?
    private var held: Set<Int32> = []

    /// Locks in `space` on the database at `address`.
    package init(address: PostgresAddress, space: Int32, logger: Logger) {
        (self.address, self.space, self.logger) = (address, space, logger)
    }

    /// Takes the lock `key`, or keeps it: false when another session holds it, or PostgreSQL
    /// cannot be reached.
    package func tryLock(_ key: Int32) async -> Bool {
        if isHeld(key) { return true }
        do {
            let connection = try await connected()
            let rows = try await connection.query(
                "SELECT pg_try_advisory_lock(\(space), \(key))", logger: logger)
            var locked = false
            for try await taken in rows.decode(Bool.self) { locked = taken }
            // NB: the connection may have dropped (and been replaced) while the query ran.
            guard locked, self.connection === connection else { return false }
            held.insert(key)
            return true
        } catch {
            logger.warning(
                "Could not take an advisory lock", metadata: ["error": "\(String(reflecting: error))"])
            return false
        }
    }

    /// Whether this instance holds the lock `key` now.
    package func isHeld(_ key: Int32) -> Bool {
        guard let connection, !connection.isClosed else { return false }
        return held.contains(key)
    }

    /// Lets the lock `key` go, if held.
    package func unlock(_ key: Int32) async {
        guard held.remove(key) != nil, let connection, !connection.isClosed else { return }
        do {
            _ = try await connection.query("SELECT pg_advisory_unlock(\(space), \(key))", logger: logger)
                .collect()
        } catch {
            logger.warning(
                "Could not let an advisory lock go", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// Waits for the app to stop, then closes the connection (letting every lock go).
    package func run() async throws {
        try? await gracefulShutdown()
        await close()
    }

    /// Closes the connection, letting every lock go.
    package func close() async {
        let connection = connection
        dropConnection()
        try? await connection?.close()
    }

    // MARK: - Private

    /// The open connection, made when there is none (or it dropped).
    private func connected() async throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        dropConnection()
        if let connecting { return try await connecting.value }
        let (address, logger) = (address, logger)
        let task = Task {
            try await PostgresConnection.connect(
                configuration: try address.connectionConfiguration(), id: 0, logger: logger)
        }
        connecting = task
        defer { connecting = nil }
        let connection = try await task.value
        self.connection = connection
        return connection
    }

    /// Forgets a closed connection and, with it, every lock.
    private func dropConnection() {
        connection = nil
        held = []
    }
}
