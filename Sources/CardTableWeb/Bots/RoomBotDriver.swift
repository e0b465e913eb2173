import Foundation
import Logging
import ServiceLifecycle

/// Plays the computer opponents' moves in every room that has some, beside the server.
///
/// The referee wakes it whenever a room with bots has a new event (with PostgreSQL, so do other
/// instances' events). It then drives that room once it holds the room's lease (see
/// ``RoomBotLeases``: one instance at a time; the others stand by and try again every
/// ``standByInterval``, so one of them takes over within seconds when the driving instance
/// dies). Driving: it reads the room, asks ``RoomBotPlanner`` for the bots' moves on the table
/// as it is, waits until the first is due on the server's clock (or the room changes, and it
/// decides again) and plays it through the referee, on the condition that the room has not
/// moved on, so two drivers never both move on one state of the table. It stops driving a room
/// once its bots have no move to make (no person plays there, it is a person's turn, or no
/// person moved for ``Room/botPatience``), and starts again at the room's next event.
struct RoomBotDriver: Service {
    let referee: RoomReferee
    let leases: any RoomBotLeases
    let logger: Logger
    /// The longest a waiting room sleeps before it looks at the clock again (news of the room
    /// wakes it at once, and a move due sooner is waited for exactly on the real clock): what
    /// keeps a faster test clock's moves on time.
    var tick: Duration = .seconds(1)
    /// How often an instance standing by for a room tries to take its lease.
    var standByInterval: Duration = .seconds(2)

    /// How long a room waits after news before reading it again: far less than any bot's time to
    /// take in a table (a bot's time counts from the event, not from the reading).
    static let settling: Duration = .milliseconds(50)
    /// How long a room read at an event waits for that event's wakeup, which says when it happened.
    static let patienceForWakeups: Duration = .seconds(10)
    /// How many tries to take a lease pass between two readings of the room while standing by
    /// (whether its bots still have moves to make).
    static let triesBetweenReadings = 5

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

    /// Drives one room, once this instance holds its lease, until its bots have no move and no
    /// news came since; then gives the lease up.
    private func drive(_ code: RoomCode, _ rooms: DrivenRooms) async {
        var isLeased = false
        await drive(code, rooms, isLeased: &isLeased)
        if isLeased { await leases.release(code) }
    }

    /// Drives one room, noting in `isLeased` whether this instance holds its lease.
    private func drive(_ code: RoomCode, _ rooms: DrivenRooms, isLeased: inout Bool) async {
        var seen: (event: Int, at: Date)?
        var unheardSince: ContinuousClock.Instant?
        var known: StoredRoom?
        while !Task.isCancelled {
            do {
                if !isLeased {
                    guard try await standBy(for: code, rooms) else { return }
                    isLeased = true
                    logger.debug("Drives the computer opponents of a room", metadata: ["room": "\(code)"])
                }
                // NB: after its own move the driver has the room as the move left it.
                let stored: StoredRoom
                if let known {
                    stored = known
                } else {
                    stored = try await referee.current(code)
                }
                known = nil
                if seen?.event != stored.lastEvent {
                    // NB: a bot's time counts from when the event happened, as its wakeup says.
                    // The room may be read before its wakeup is noted: wait for it a while, then
                    // count from now (an event that came without one).
                    if let happened = await rooms.moment(of: stored.lastEvent, in: code) {
                        seen = (stored.lastEvent, happened)
                    } else if ContinuousClock.now - (unheardSince ?? .now) < Self.patienceForWakeups {
                        unheardSince = unheardSince ?? .now
                        let heard = await rooms.latestEvent(of: code) ?? 0
                        _ = await news(of: code, after: heard, within: tick, rooms)
                        try Task.checkCancellation()
                        continue
                    } else {
                        let now = referee.environment.now()
                        await rooms.heard(stored.lastEvent, in: code, at: now)
                        seen = (stored.lastEvent, now)
                    }
                    unheardSince = nil
                }
                guard let seen else { return }
                // NB: with no move, none comes before the room's next event, which wakes it again.
                guard let next = moves(in: stored, at: seen).min(by: { $0.due < $1.due }) else {
                    // NB: the lease goes first, so a wakeup that starts driving the room again
                    // finds it free.
                    if isLeased {
                        await leases.release(code)
                        isLeased = false
                    }
                    if await rooms.finish(code, at: seen.event) { return }
                    continue
                }
                guard try await waitForTurn(of: next, in: code, at: seen.event, rooms) else {
                    // NB: the news is being sent to the room's sockets meanwhile, and a change
                    // often comes as several events: read the room once they have gone.
                    try await Task.sleep(for: Self.settling)
                    continue
                }
                guard await leases.holds(code) else {
                    logger.notice(
                        "Lost the lease of a room's computer opponents", metadata: ["room": "\(code)"])
                    isLeased = false
                    continue
                }
                let played = try await referee.playBot(code, next, decidedAt: seen.event)
                if !played.events.isEmpty {
                    await rooms.heard(played.lastEvent, in: code, at: referee.environment.now())
                    known = StoredRoom(room: played.room, lastEvent: played.lastEvent)
                } else if played.lastEvent == seen.event {
                    // NB: a move the room refused changes nothing; the same move would be due
                    // again at once, so wait before deciding again.
                    try await Task.sleep(for: .seconds(1))
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

    /// Takes room `code`'s lease (true), trying every ``standByInterval`` while another instance
    /// drives it; false once its bots have no move left and no news came, so nothing needs
    /// driving.
    private func standBy(for code: RoomCode, _ rooms: DrivenRooms) async throws -> Bool {
        var tries = 0
        while true {
            if await leases.take(code) { return true }
            tries += 1
            if tries.isMultiple(of: Self.triesBetweenReadings) {
                let stored = try await referee.current(code)
                let now = referee.environment.now()
                if moves(in: stored, at: (stored.lastEvent, now)).isEmpty,
                    await rooms.finish(code, at: stored.lastEvent)
                {
                    return false
                }
            }
            try await Task.sleep(for: standByInterval)
        }
    }

    /// The bots' moves in `stored` as seen at `seen`; none in a closed room.
    private func moves(in stored: StoredRoom, at seen: (event: Int, at: Date)) -> [RoomBotPlanner.Move] {
        guard stored.closedAt == nil else { return [] }
        return RoomBotPlanner.moves(
            in: stored.room, lastEvent: seen.event, seenAt: seen.at, turnBackDelay: referee.turnBackSeconds)
    }

    /// Waits until `move` is due (true) or the room has news (false).
    private func waitForTurn(
        of move: RoomBotPlanner.Move, in code: RoomCode, at event: Int, _ rooms: DrivenRooms
    ) async throws -> Bool {
        while true {
            if await rooms.latestEvent(of: code) ?? 0 > event { return false }
            let wait = move.due.timeIntervalSince(referee.environment.now())
            if wait <= 0 { return true }
            if await news(of: code, after: event, within: min(tick, .seconds(wait)), rooms) { return false }
            try Task.checkCancellation()
        }
    }

    /// Waits until room `code` has news after event `event` (true), or `duration` passes (false).
    private func news(
        of code: RoomCode, after event: Int, within duration: Duration, _ rooms: DrivenRooms
    ) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await rooms.news(of: code, after: event)
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: duration)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}

/// The rooms ``RoomBotDriver`` drives, with the last event it heard of in each and when it
/// happened.
private actor DrivenRooms {
    private var latest: [RoomCode: (event: Int, at: Date)] = [:]
    private var driving: Set<RoomCode> = []
    /// Who waits for each room's next news.
    private var waiters: [RoomCode: [UUID: CheckedContinuation<Void, Never>]] = [:]

    /// Notes the room's news; true when it is news (an event later than any heard of, or the
    /// first word of the room) and nobody drives the room yet (the caller starts). An event heard
    /// of already (its own move, echoed back by PostgreSQL) does not start a finished room again.
    func note(_ wakeup: BotWakeups.Wakeup) -> Bool {
        let known = latest[wakeup.code]?.event
        guard known.map({ wakeup.lastEvent > $0 }) ?? true else { return false }
        latest[wakeup.code] = (wakeup.lastEvent, wakeup.at)
        wakeWaiters(of: wakeup.code)
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
        if event > latest[code]?.event ?? 0 {
            latest[code] = (event, moment)
            wakeWaiters(of: code)
        }
    }

    /// Returns once room `code` has news after event `event`, or the task is cancelled.
    func news(of code: RoomCode, after event: Int) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard latest[code]?.event ?? 0 <= event, !Task.isCancelled else {
                    return continuation.resume()
                }
                waiters[code, default: [:]][id] = continuation
            }
        } onCancel: {
            Task { await self.stopWaiting(id, for: code) }
        }
    }

    private func stopWaiting(_ id: UUID, for code: RoomCode) {
        waiters[code]?.removeValue(forKey: id)?.resume()
        if waiters[code]?.isEmpty == true { waiters[code] = nil }
    }

    private func wakeWaiters(of code: RoomCode) {
        for continuation in (waiters.removeValue(forKey: code) ?? [:]).values { continuation.resume() }
    }

    /// Forgets `code`, whose driving was cancelled, so a later wakeup drives it again.
    func abandon(_ code: RoomCode) {
        driving.remove(code)
        latest[code] = nil
    }

    /// Stops driving `code` unless news came after `event` (false: drive on). Its last event is
    /// kept, so that only a later one starts it again; the rooms no longer driven are forgotten
    /// once ``remembered`` of them are kept.
    func finish(_ code: RoomCode, at event: Int) -> Bool {
        guard latest[code]?.event ?? 0 <= event else { return false }
        driving.remove(code)
        if latest.count > Self.remembered { latest = latest.filter { driving.contains($0.key) } }
        return true
    }

    /// How many rooms' last events are kept at most, beside the rooms driven.
    static let remembered = 10_000
}
