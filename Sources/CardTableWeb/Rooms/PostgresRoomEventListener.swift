import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// Brings every room event that any CardTable instance appends in PostgreSQL to this instance's
/// ``RoomHub``, whose sockets then send it. It keeps one connection of its own listening on
/// ``roomEventsChannel`` (whose payload is only "CODE NUMBER"). When that connection
/// drops it connects again, and once it listens again it tells the hub the last event of every
/// room that has a listener here, read from the database: what was committed while it was away
/// is sent too. While PostgreSQL cannot be reached it tries again after waits that grow (with
/// jitter, see ``RetryBackoff``) and start short again once it listens.
struct PostgresRoomEventListener: Service {
    let address: PostgresAddress
    let database: PostgresDatabase
    let hub: RoomHub
    let logger: Logger
    /// How long to wait before connecting again after the connection dropped or failed.
    var backoff = RetryBackoff()

    /// Listens until the app shuts down (gracefully or not).
    func run() async {
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
                    "Lost the PostgreSQL connection that hears room events; connecting again",
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

    /// Connects, listens and passes notifications on until the connection drops; `listening` is
    /// called once it listens and has caught up.
    private func listenOnce(connectionID: Int, listening: @Sendable () -> Void) async throws {
        let configuration = try address.connectionConfiguration()
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: connectionID, logger: logger)
        do {
            try await connection.listen(on: roomEventsChannel) { notifications in
                try await catchUp()
                listening()
                for try await notification in notifications {
                    let parts = notification.payload.split(separator: " ")
                    guard parts.count == 2, let code = RoomCode(parts[0]), let number = Int(parts[1]) else {
                        logger.error(
                            "An unreadable room notification",
                            metadata: ["payload": "\(notification.payload)"])
                        continue
                    }
                    await hub.publish(code, lastEvent: number)
                }
            }
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Tells the hub the last event of every room listened to here.
    private func catchUp() async throws {
        for code in await hub.listenedRooms {
            if let (stored, _) = try await database.room(code, with: .none) {
                await hub.publish(code, lastEvent: stored.lastEvent)
            }
        }
    }
}
