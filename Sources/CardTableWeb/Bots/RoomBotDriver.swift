import Foundation
import Logging
import ServiceLifecycle

/// Plays the computer opponents' moves in every room that has some, beside the server.
///
/// The referee wakes it whenever a room with bots has a new event. It then drives that room:
/// reads it, asks ``RoomBotPlanner`` for the bots' moves on the table as it is, waits until the
/// first is due on the server's clock (or the room changes, and it decides again) and plays it
/// through the referee, on the condition that the room has not moved on. It stops driving a room
/// once its bots have no move to make (no person plays there, it is a person's turn, or no
/// person moved for ``Room/botPatience``), and starts again at the room's next event.
struct RoomBotDriver: Service {
    let referee: RoomReferee
    let logger: Logger
    /// How often a waiting room looks at the clock and for news of its room.
    var tick: Duration = .milliseconds(100)

    /// How long a room read at an event waits for that event's wakeup, which says when it happened.
    static let patienceForWakeups: Duration = .seconds(10)

    func run() async throws {
        let rooms = DrivenRooms()
        await withDiscardingTaskGroup { group in
            for await wakeup in referee.botWakeups.wakeups.cancelOnGracefulShutdown() {
                guard await rooms.note(wakeup) else { continue }
                group.addTask { await drive(wakeup.code, rooms) }
            }
            group.cancelAll()
        }
    }

    // MARK: - Private

    /// Drives one room until no person plays there and no news came since.
    private func drive(_ code: RoomCode, _ rooms: DrivenRooms) async {
        var seen: (event: Int, at: Date)?
        var unheardSince: ContinuousClock.Instant?
        while !Task.isCancelled {
            do {
                let stored = try await referee.current(code)
                if seen?.event != stored.lastEvent {
                    // NB: a bot's time counts from when the event happened, as its wakeup says.
                    // The room may be read before its wakeup is noted: wait for it a while, then
                    // count from now (an event that came without one).
                    if let happened = await rooms.moment(of: stored.lastEvent, in: code) {
                        seen = (stored.lastEvent, happened)
                    } else if ContinuousClock.now - (unheardSince ?? .now) < Self.patienceForWakeups {
                        unheardSince = unheardSince ?? .now
                        try await Task.sleep(for: tick)
                        continue
                    } else {
                        let now = referee.environment.now()
                        await rooms.heard(stored.lastEvent, in: code, at: now)
                        seen = (stored.lastEvent, now)
                    }
                    unheardSince = nil
                }
                guard let seen else { return }
                let moves =
                    stored.closedAt == nil
                    ? RoomBotPlanner.moves(
                        in: stored.room, lastEvent: seen.event, seenAt: seen.at,
                        turnBackDelay: referee.turnBackSeconds)
                    : []
                // NB: with no move, none comes before the room's next event, which wakes it again.
                guard let next = moves.min(by: { $0.due < $1.due }) else {
                    if await rooms.finish(code, at: seen.event) { return }
                    continue
                }
                if try await waitForTurn(of: next, in: code, at: seen.event, rooms) {
                    let played = try await referee.playBot(code, next, decidedAt: seen.event)
                    // NB: a move the room refused changes nothing; the same move would be due
                    // again at once, so wait before deciding again.
                    if played.events.isEmpty, played.lastEvent == seen.event {
                        try await Task.sleep(for: .seconds(1))
                    }
                }
            } catch is CancellationError {
                await rooms.abandon(code)
                return
            } catch {
                logger.warning("A room's computer opponents could not move", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Waits until `move` is due (true) or the room has news (false).
    private func waitForTurn(
        of move: RoomBotPlanner.Move, in code: RoomCode, at event: Int, _ rooms: DrivenRooms
    ) async throws -> Bool {
        while true {
            if await rooms.latestEvent(of: code) ?? 0 > event { return false }
            if referee.environment.now() >= move.due { return true }
            try await Task.sleep(for: tick)
        }
    }
}

/// The rooms ``RoomBotDriver`` drives, with the last event it heard of in each and when it
/// happened.
private actor DrivenRooms {
    private var latest: [RoomCode: (event: Int, at: Date)] = [:]
    private var driving: Set<RoomCode> = []

    /// Notes the room's news; true when nobody drives it yet (the caller starts).
    func note(_ wakeup: BotWakeups.Wakeup) -> Bool {
        if wakeup.lastEvent > latest[wakeup.code]?.event ?? 0 {
            latest[wakeup.code] = (wakeup.lastEvent, wakeup.at)
        }
        return driving.insert(wakeup.code).inserted
    }

    func latestEvent(of code: RoomCode) -> Int? {
        latest[code]?.event
    }

    /// When event `event` of room `code` happened, if it is the latest one heard of.
    func moment(of event: Int, in code: RoomCode) -> Date? {
        latest[code].flatMap { $0.event == event ? $0.at : nil }
    }

    /// Notes event `event` of room `code`, which came without a wakeup, as happening at `moment`.
    func heard(_ event: Int, in code: RoomCode, at moment: Date) {
        if event > latest[code]?.event ?? 0 { latest[code] = (event, moment) }
    }

    /// Forgets `code`, whose driving was cancelled, so a later wakeup drives it again.
    func abandon(_ code: RoomCode) {
        driving.remove(code)
        latest[code] = nil
    }

    /// Stops driving `code` unless news came after `event` (false: drive on).
    func finish(_ code: RoomCode, at event: Int) -> Bool {
        guard latest[code]?.event ?? 0 <= event else { return false }
        driving.remove(code)
        latest[code] = nil
        return true
    }
}
