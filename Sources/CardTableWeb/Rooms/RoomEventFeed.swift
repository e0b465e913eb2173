import Synchronization

/// A room's recent events on this server instance, as its sockets here send them: a move made
/// here hands its events over as committed, and events committed elsewhere (another instance)
/// are read from the database once, by whichever socket asks first, while the others wait for that
/// same read. However many sockets a room has here, an event costs at most one read.
///
/// A socket too far behind for what is kept (``capacity``) is told to read for itself.
final class RoomEventFeed: Sendable {
    /// Reads the events after number `after` from the database, oldest first and numbered (up to
    /// ``RoomReferee/catchUpLimit`` of them; one that cannot be read is left out).
    typealias Read = @Sendable (_ after: Int) async throws -> [(number: Int, body: String)]

    /// The most events kept: more than a socket is sent one by one when it catches up.
    static let capacity = 2 * RoomReferee.catchUpLimit

    private struct State {
        /// Events by number, the newest ``capacity`` of them at most.
        var events: [Int: String] = [:]
        var newest = 0
        /// The read under way, which every socket lacking events waits for.
        var reading: Task<Void, any Error>?
    }

    private let state = Mutex(State())
    private let read: Read

    init(read: @escaping Read) {
        self.read = read
    }

    /// Keeps `events`, the room's events numbered up to `lastEvent`.
    func add(_ events: [String], through lastEvent: Int) {
        let first = lastEvent - events.count + 1
        state.withLock { Self.add(events.enumerated().map { (first + $0, $1) }, to: &$0) }
    }

    /// The events after number `after` up to `lastEvent`, oldest first: kept, or read once for
    /// every socket that asks meanwhile.
    /// - Returns: Nil when some of them are kept no longer (the socket catches up by itself).
    func events(after: Int, through lastEvent: Int) async throws -> [String]? {
        guard after < lastEvent else { return [] }
        var hasRead = false
        while true {
            let next: Next = state.withLock { state in
                let wanted = (after + 1)...lastEvent
                let kept = wanted.compactMap { state.events[$0] }
                if kept.count == wanted.count { return .events(kept) }
                if let reading = state.reading { return .wait(reading) }
                // NB: one read of its own at most: what it lacks may be gone by then.
                guard !hasRead, let missing = wanted.first(where: { state.events[$0] == nil }),
                    missing > lastEvent - RoomReferee.catchUpLimit
                else { return .readByItself }
                hasRead = true
                let reading = Task { try await self.fill(after: missing - 1) }
                state.reading = reading
                return .wait(reading)
            }
            switch next {
            case .events(let events): return events
            case .readByItself: return nil
            case .wait(let reading): try await reading.value
            }
        }
    }

    // MARK: - Private

    private enum Next {
        case events([String])
        case wait(Task<Void, any Error>)
        case readByItself
    }

    /// Reads the events after `after` into the feed, then lets the next read begin.
    private func fill(after: Int) async throws {
        do {
            let events = try await read(after)
            state.withLock { state in
                Self.add(events, to: &state)
                state.reading = nil
            }
        } catch {
            state.withLock { $0.reading = nil }
            throw error
        }
    }

    private static func add(_ events: [(number: Int, body: String)], to state: inout State) {
        for (number, body) in events {
            state.events[number] = body
            state.newest = max(state.newest, number)
        }
        let oldest = state.newest - capacity
        if state.events.count > capacity { state.events = state.events.filter { $0.key > oldest } }
    }
}
