import CardTableBasics
import CoreMetrics

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
    /// The rooms whose changes this instance is saving, with the news held back meanwhile (see
    /// ``holdingNews(of:while:)``).
    private var heldNews: [RoomCode: HeldRoomNews] = [:]

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
        if events.isEmpty {
            if heldNews[code]?.hold(lastEvent) == true { return }
        } else {
            heldNews[code]?.published(lastEvent)
            feeds[code]?.add(events, through: lastEvent)
        }
        tell(code, lastEvent)
    }

    /// Runs `save`, which saves a change of room `code` here and publishes its events, holding
    /// back meanwhile the news of the room that comes without events (PostgreSQL's
    /// notifications): the notification of this instance's own commit often comes before the
    /// save's answer, and would send the room's sockets to read from the database the events
    /// `save` is about to hand over. News held back is told once the saves under way when it
    /// came are done (not later saves), and not at all when they published as much with their
    /// events.
    nonisolated func holdingNews<Value>(of code: RoomCode, while save: () async throws -> Value)
        async rethrows -> Value
    {
        let ticket = await beginSave(of: code)
        do {
            let value = try await save()
            await endSave(ticket, of: code)
            return value
        } catch {
            await endSave(ticket, of: code)
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

    /// Tells every listener of `code` that its last event is now `lastEvent`.
    private func tell(_ code: RoomCode, _ lastEvent: Int) {
        for continuation in listeners[code, default: [:]].values {
            continuation.yield(lastEvent)
        }
    }

    private func beginSave(of code: RoomCode) -> Int {
        heldNews[code, default: HeldRoomNews()].beginSave()
    }

    /// Ends a save of `code` and tells the news no longer held back for it.
    private func endSave(_ ticket: Int, of code: RoomCode) {
        guard var news = heldNews[code] else { return }
        let free = news.endSave(ticket)
        heldNews[code] = news.isIdle ? nil : news
        if let free { tell(code, free) }
    }

    /// The rooms someone has a socket open to.
    var connectedRooms: [RoomCode] { Array(connections.keys) }

    /// The rooms that have a listener here.
    var listenedRooms: [RoomCode] {
        listeners.filter { !$0.value.isEmpty }.map(\.key)
    }
}
