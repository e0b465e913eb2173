import CardTableStorage
import Foundation
import Logging

/// Brings every room event that any CardTable instance appends in PostgreSQL to this instance's
/// ``RoomHub``, whose sockets then send it: a ``PostgresNotificationListener`` on
/// ``roomEventsChannel`` (whose payload is "CODE NUMBER", and "CODE NUMBER bots" for a room with
/// computer opponents, which also wakes this instance's bot driver: it stands by to take over
/// their driving). Each time it listens (again) it tells the hub the last event of every room
/// that has a listener here, read from the database, so what was committed while it was away is
/// sent too.
enum PostgresRoomEventListener {
    /// The listener for `hub`, catching up from `database`.
    static func make(
        address: PostgresAddress, database: PostgresDatabase, hub: RoomHub,
        botWakeups: BotWakeups = BotWakeups(), logger: Logger, backoff: RetryBackoff = RetryBackoff(),
        now: @escaping @Sendable () -> Date = Date.init
    ) -> PostgresNotificationListener {
        PostgresNotificationListener(
            address: address, channel: roomEventsChannel, logger: logger, backoff: backoff,
            listening: { try await catchUp(hub, from: database) },
            heard: { payload in
                let parts = payload.split(separator: " ")
                guard (2...3).contains(parts.count), let code = RoomCode(parts[0]),
                    let number = Int(parts[1]),
                    parts.count == 2 || parts[2] == Self.botsMark
                else {
                    logger.error("An unreadable room notification", metadata: ["payload": "\(payload)"])
                    return
                }
                await hub.publish(code, lastEvent: number)
                if parts.count == 3 { botWakeups.wake(code, lastEvent: number, at: now()) }
            })
    }

    /// What ends the payload of a room with computer opponents.
    static let botsMark = "bots"

    /// The payload that says room `code` came to event `lastEvent`.
    static func payload(_ code: RoomCode, lastEvent: Int, hasBots: Bool) -> String {
        "\(code.rawValue) \(lastEvent)" + (hasBots ? " \(botsMark)" : "")
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
