import CardTableStorage
import Logging

/// Brings every room event that any CardTable instance appends in PostgreSQL to this instance's
/// ``RoomHub``, whose sockets then send it: a ``PostgresNotificationListener`` on
/// ``roomEventsChannel`` (whose payload is only "CODE NUMBER"). Each time it listens (again) it
/// tells the hub the last event of every room that has a listener here, read from the database,
/// so what was committed while it was away is sent too.
enum PostgresRoomEventListener {
    /// The listener for `hub`, catching up from `database`.
    static func make(
        address: PostgresAddress, database: PostgresDatabase, hub: RoomHub, logger: Logger,
        backoff: RetryBackoff = RetryBackoff()
    ) -> PostgresNotificationListener {
        PostgresNotificationListener(
            address: address, channel: roomEventsChannel, logger: logger, backoff: backoff,
            listening: { try await catchUp(hub, from: database) },
            heard: { payload in
                let parts = payload.split(separator: " ")
                guard parts.count == 2, let code = RoomCode(parts[0]), let number = Int(parts[1]) else {
                    logger.error("An unreadable room notification", metadata: ["payload": "\(payload)"])
                    return
                }
                await hub.publish(code, lastEvent: number)
            })
    }

    /// Tells `hub` the last event of every room listened to here.
    private static func catchUp(_ hub: RoomHub, from database: PostgresDatabase) async throws {
        for code in await hub.listenedRooms {
            if let (stored, _) = try await database.room(code, with: .none) {
                await hub.publish(code, lastEvent: stored.lastEvent)
            }
        }
    }
}
