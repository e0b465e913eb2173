import CardTableBasics
import CoreMetrics
import Synchronization

/// Tells whoever is listening to a room that it has new events, after they are committed.
///
/// It carries the number of the room's last event, and the events themselves when they were
/// committed here: a listener takes the events it lacks from the room's ``RoomEventFeed``,
/// which reads them from the database once for all of this instance's listeners, so a missed or
/// merged notification never loses anything. One hub per server instance; PostgreSQL's
/// listener tells it of the events other instances commit.
actor RoomHub {
    /// A listener's stream of "the last event is now N".
    typealias Updates = AsyncStream<Int>

    private var listeners: [RoomCode: [Int: Updates.Continuation]] = [:]
    /// The events of each room listened to, shared by its listeners.
    private var feeds: [RoomCode: RoomEventFeed] = [:]
    private var nextListener = 0
    /// How many sockets each player has open to each room.
    private var connections: [RoomCode: [PlayerID: Int]] = [:]
    /// Where the number of rooms with a socket open is kept, once told.
    private var roomsOpen: Meter?
    /// The rooms whose change this instance is saving (see ``holdingNews(of:while:)``), and the
    /// last event a notification told of meanwhile.
    private nonisolated let saving = Mutex<[RoomCode: HeldNews]>([:])

    private struct HeldNews {
        var savesUnderWay = 0
        var lastEventHeard: Int?
    }

    /// Counts the rooms with a socket open in `meter` from now on.
    func countRoomsOpen(in meter: Meter) {
        meter.set(connections.count)
        roomsOpen = meter
    }

    /// Starts listening to `code`; the stream ends when ``stopListening(_:to:)`` is called. The
    /// room's feed reads with `read` unless a listener before made it.
    func listen(to code: RoomCode, reading read: @escaping RoomEventFeed.Read) -> (
        id: Int, updates: Updates, feed: RoomEventFeed
    ) {
        nextListener += 1
        let id = nextListener
        let (updates, continuation) = Updates.makeStream(bufferingPolicy: .bufferingNewest(1))
        listeners[code, default: [:]][id] = continuation
        let feed = feeds[code] ?? RoomEventFeed(read: read)
        feeds[code] = feed
        return (id, updates, feed)
    }

    func stopListening(_ id: Int, to code: RoomCode) {
        listeners[code]?.removeValue(forKey: id)?.finish()
        if listeners[code]?.isEmpty == true {
            listeners[code] = nil
            feeds[code] = nil
        }
    }

    /// Tells every listener of `code` that its last event is now `lastEvent`; `events`, when
    /// this instance committed them, are the room's last events, handed to its feed first.
    func publish(_ code: RoomCode, lastEvent: Int, events: [String] = []) {
        if events.isEmpty, holdsBack(code, lastEvent) { return }
        if !events.isEmpty { feeds[code]?.add(events, through: lastEvent) }
        for continuation in listeners[code, default: [:]].values {
            continuation.yield(lastEvent)
        }
    }

    /// Runs `save`, which saves a change of room `code` here and publishes its events, holding
    /// back meanwhile the news of the room that comes without events (PostgreSQL's
    /// notifications): the notification of this instance's own commit often comes before the
    /// save's answer, and would send the room's sockets to read from the database the events
    /// `save` is about to hand over. What was held back is published once `save` is done, and
    /// costs no read when `save` published those events.
    nonisolated func holdingNews<Value>(of code: RoomCode, while save: () async throws -> Value)
        async rethrows -> Value
    {
        saving.withLock { $0[code, default: HeldNews()].savesUnderWay += 1 }
        do {
            let value = try await save()
            await releaseNews(of: code)
            return value
        } catch {
            await releaseNews(of: code)
            throw error
        }
    }

    /// Counts a socket of `player` to `code`.
    func connect(_ player: PlayerID, to code: RoomCode) {
        if connections[code] == nil { roomsOpen?.increment() }
        connections[code, default: [:]][player, default: 0] += 1
    }

    /// Counts a socket of `player` to `code` closed.
    func disconnect(_ player: PlayerID, from code: RoomCode) {
        guard let count = connections[code]?[player] else { return }
        connections[code]?[player] = count > 1 ? count - 1 : nil
        if connections[code]?.isEmpty == true {
            connections[code] = nil
            roomsOpen?.decrement()
        }
    }

    /// Whether `player` has a socket open to `code`.
    func isConnected(_ player: PlayerID, to code: RoomCode) -> Bool {
        connections[code]?[player] != nil
    }

    /// Whether news of `code` (its last event is now `lastEvent`) waits for a save under way here.
    private func holdsBack(_ code: RoomCode, _ lastEvent: Int) -> Bool {
        saving.withLock { saving in
            guard var held = saving[code] else { return false }
            held.lastEventHeard = max(held.lastEventHeard ?? lastEvent, lastEvent)
            saving[code] = held
            return true
        }
    }

    /// Ends one save of `code` and, after the last one under way, publishes the news held back.
    private func releaseNews(of code: RoomCode) {
        let heard: Int? = saving.withLock { saving in
            guard var held = saving[code] else { return nil }
            held.savesUnderWay -= 1
            guard held.savesUnderWay == 0 else {
                saving[code] = held
                return nil
            }
            saving[code] = nil
            return held.lastEventHeard
        }
        if let heard { publish(code, lastEvent: heard) }
    }

    /// The rooms someone has a socket open to.
    var connectedRooms: [RoomCode] { Array(connections.keys) }

    /// The rooms that have a listener here.
    var listenedRooms: [RoomCode] {
        listeners.filter { !$0.value.isEmpty }.map(\.key)
    }
}
