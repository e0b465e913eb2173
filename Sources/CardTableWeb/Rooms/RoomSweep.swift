import CardTableBasics
import CardTableHTTP
import Foundation
import Logging
import ServiceLifecycle

/// Closes, every `interval`, the rooms nobody has been connected to or moved in for
/// ``idleTime`` (a room played a turn a day: for ``RoomPace/dailyIdleTime``, and never while its
/// game is under way), after passing the turns whose day is over: a closed room takes no more moves, and its events (its finished games) stay
/// readable for ``retention``, after which the room is deleted with its events. It also turns back
/// a Memorize mismatch overdue in a room someone is connected to (its wait lost with an instance
/// that stopped). It runs beside the server and stops with it.
struct RoomSweep: Service {
    let referee: RoomReferee
    let logger: Logger
    /// How long between sweeps.
    var interval: Duration = .seconds(60)
    /// What the first sweep waits for.
    var readiness: DatabaseReadiness = .ready
    /// Where sweeps and their failed steps are counted.
    var meters = SweepMeters(sweep: "rooms")
    /// How long a room may go without a connected player before it is closed.
    static let idleTime: TimeInterval = 30 * 60
    /// How long a closed room, its page and its replays are kept before they are deleted (the
    /// games in its players' stats stay).
    static let retention: TimeInterval = 30 * 24 * 60 * 60
    /// The most rooms deleted in one transaction, so a long-closed backlog does not hold up moves.
    static let deletionBatch = 200

    func run() async throws {
        await repeatUntilShutdown(every: interval, once: readiness) { await sweepOnce() }
    }

    /// Sweeps once: turns back overdue mismatches in connected rooms, then closes and deletes
    /// rooms, logging how many (errors are logged: the next sweep tries again).
    func sweepOnce() async {
        meters.runs.increment()
        for code in await referee.hub.connectedRooms {
            do {
                try await referee.turnMismatchBackWhenDue(code)
            } catch {
                meters.failures.increment()
                logger.error("Turning a mismatch back failed", metadata: ["error": "\(error)"])
            }
        }
        do {
            let passed = try await referee.passOverdueTurns()
            if passed > 0 {
                logger.info("Passed turns not played within a day", metadata: ["count": "\(passed)"])
            }
        } catch {
            meters.failures.increment()
            logger.error("Passing overdue turns failed", metadata: ["error": "\(error)"])
        }
        do {
            let closed = try await referee.closeIdleRooms()
            if !closed.isEmpty {
                logger.info("Closed idle rooms", metadata: ["count": "\(closed.count)"])
            }
        } catch {
            meters.failures.increment()
            logger.error("Closing idle rooms failed", metadata: ["error": "\(error)"])
        }
        do {
            let deleted = try await referee.deleteRoomsPastRetention()
            if deleted > 0 {
                logger.info("Deleted rooms closed 30 days ago", metadata: ["count": "\(deleted)"])
            }
        } catch {
            meters.failures.increment()
            logger.error("Deleting old rooms failed", metadata: ["error": "\(error)"])
        }
    }
}

extension RoomReferee {
    /// Counts the rooms with a connected member as active, then closes every room idle for
    /// ``RoomSweep/idleTime``, recording why in its log.
    /// - Returns: The rooms closed.
    func closeIdleRooms() async throws -> [RoomCode] {
        let now = environment.now()
        return try await database.closeRooms(
            idleSince: now.addingTimeInterval(-RoomSweep.idleTime),
            dailyIdleSince: now.addingTimeInterval(-RoomPace.dailyIdleTime),
            connected: await hub.connectedRooms,
            at: now
        ) { pace in
            RoomHappening(
                kind: .closed,
                text: "The room closed \(RoomReferee.closingReason(pace)); make a new one to play again.")
        }
    }

    /// Deletes every room closed more than ``RoomSweep/retention`` ago, with its events, in
    /// batches of ``RoomSweep/deletionBatch``.
    /// - Returns: How many rooms were deleted.
    func deleteRoomsPastRetention() async throws -> Int {
        let cutoff = environment.now().addingTimeInterval(-RoomSweep.retention)
        var deleted = 0
        while true {
            let batch = try await database.deleteRooms(closedBefore: cutoff, limit: RoomSweep.deletionBatch)
            deleted += batch
            if batch < RoomSweep.deletionBatch { return deleted }
        }
    }
}
