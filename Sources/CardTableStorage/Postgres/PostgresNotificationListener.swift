import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// Hears one PostgreSQL notification channel on a connection of its own for as long as the app
/// runs, and passes each payload on. When that connection drops it connects again, and once it
/// listens again it calls `listening`, where what was sent while it was away is caught up. While
/// PostgreSQL cannot be reached it tries again after waits that grow (with jitter, see
/// ``RetryBackoff``) and start short again once it listens.
package struct PostgresNotificationListener: Service {
    package let address: PostgresAddress
    package let channel: String
    package let logger: Logger
    package let backoff: RetryBackoff
    package let listening: @Sendable () async throws -> Void
    package let heard: @Sendable (String) async -> Void

    /// - Parameters:
    ///   - channel: The channel listened on (`LISTEN`).
    ///   - backoff: How long to wait before connecting again after the connection dropped or failed.
    ///   - listening: Called each time the connection listens, before any payload is passed on.
    ///   - heard: Called with each notification's payload, in order.
    package init(
        address: PostgresAddress, channel: String, logger: Logger, backoff: RetryBackoff = RetryBackoff(),
        listening: @escaping @Sendable () async throws -> Void,
        heard: @escaping @Sendable (String) async -> Void
    ) {
        (self.address, self.channel, self.logger, self.backoff) = (address, channel, logger, backoff)
        (self.listening, self.heard) = (listening, heard)
    }

    /// Listens until the app shuts down (gracefully or not).
    package func run() async {
        await cancelWhenGracefulShutdown { await listenUntilCancelled() }
    }

    private func listenUntilCancelled() async {
        var (attempt, failures) = (0, 0)
        var random = SystemRandomNumberGenerator()
        while !Task.isCancelled {
            attempt += 1
            let listened = Atomic(false)
            do {
                try await listenOnce(connectionID: attempt) { listened.store(true, ordering: .relaxed) }
            } catch  where !Task.isCancelled {
                failures = listened.load(ordering: .relaxed) ? 1 : failures + 1
                let delay = backoff.delay(afterFailures: failures, using: &random)
                logger.warning(
                    "Lost the PostgreSQL connection that listens on \(channel); connecting again",
                    metadata: ["error": "\(String(reflecting: error))", "in": "\(delay)"])
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    return  // cancelled: the app is stopping
                }
            } catch {
                return  // cancelled: the app is stopping
            }
        }
    }

    /// Connects, listens and passes payloads on until the connection drops; `listened` is called
    /// once it listens and has caught up.
    private func listenOnce(connectionID: Int, listened: @Sendable () -> Void) async throws {
        let configuration = try address.connectionConfiguration()
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: connectionID, logger: logger)
        do {
            try await connection.listen(on: channel) { notifications in
                try await listening()
                listened()
                for try await notification in notifications {
                    await heard(notification.payload)
                }
            }
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
