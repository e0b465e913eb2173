import Foundation
import Logging
import ServiceLifecycle

/// Closes, every `interval`, the rooms nobody has been connected to or moved in for
/// ``idleTime``: a closed room takes no more moves, and its events (its finished games) stay
/// readable. It runs beside the server and stops with it.
struct RoomSweep: Service {
    let referee: RoomReferee
    let logger: Logger
    /// How long between sweeps.
    var interval: Duration = .seconds(60)
    /// What the first sweep waits for.
    var readiness: StoreReadiness = .ready
    /// How long a room may go without a connected player before it is closed.
    static let idleTime: TimeInterval = 30 * 60

    func run() async throws {
        await repeatUntilShutdown(every: interval, once: readiness) { await sweepOnce() }
    }

    /// Sweeps once, logging how many rooms were closed (errors are logged: the next sweep tries
    /// again).
    func sweepOnce() async {
        do {
            let closed = try await referee.closeIdleRooms()
            if !closed.isEmpty {
                logger.info("Closed idle rooms", metadata: ["count": "\(closed.count)"])
            }
        } catch {
            logger.error("Closing idle rooms failed", metadata: ["error": "\(error)"])
        }
    }
}

extension RoomReferee {
    /// Counts the rooms with a connected member as active, then closes every room idle for
    /// ``RoomSweep/idleTime``, recording why in its log.
    /// - Returns: The rooms closed.
    func closeIdleRooms() async throws -> [RoomCode] {
        let now = environment.now()
        return try await rooms.closeRooms(
            idleSince: now.addingTimeInterval(-RoomSweep.idleTime), connected: await hub.connectedRooms,
            at: now,
            saying: RoomHappening(
                kind: .closed,
                text: "The room closed after 30 minutes without players; make a new one to play again."))
    }
}
