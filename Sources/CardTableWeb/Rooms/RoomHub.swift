/// Tells whoever is listening to a room that it has new events, after they are committed.
///
/// It carries only the number of the room's last event: a listener reads the events it lacks
/// from the store, so a missed or merged notification never loses anything. One instance per
/// server; several servers sharing a database would each need telling (issue 14).
actor RoomHub {
    /// A listener's stream of "the last event is now N".
    typealias Updates = AsyncStream<Int>

    private var listeners: [RoomCode: [Int: Updates.Continuation]] = [:]
    private var nextListener = 0
    /// How many sockets each player has open to each room.
    private var connections: [RoomCode: [PlayerID: Int]] = [:]

    /// Starts listening to `code`; the stream ends when ``stopListening(_:to:)`` is called.
    func listen(to code: RoomCode) -> (id: Int, updates: Updates) {
        nextListener += 1
        let id = nextListener
        let (updates, continuation) = Updates.makeStream(bufferingPolicy: .bufferingNewest(1))
        listeners[code, default: [:]][id] = continuation
        return (id, updates)
    }

    func stopListening(_ id: Int, to code: RoomCode) {
        listeners[code]?.removeValue(forKey: id)?.finish()
        if listeners[code]?.isEmpty == true { listeners[code] = nil }
    }

    /// Tells every listener of `code` that its last event is now `lastEvent`.
    func publish(_ code: RoomCode, lastEvent: Int) {
        for continuation in listeners[code, default: [:]].values {
            continuation.yield(lastEvent)
        }
    }

    /// Counts a socket of `player` to `code`.
    func connect(_ player: PlayerID, to code: RoomCode) {
        connections[code, default: [:]][player, default: 0] += 1
    }

    /// Counts a socket of `player` to `code` closed.
    func disconnect(_ player: PlayerID, from code: RoomCode) {
        guard let count = connections[code]?[player] else { return }
        connections[code]?[player] = count > 1 ? count - 1 : nil
        if connections[code]?.isEmpty == true { connections[code] = nil }
    }

    /// Whether `player` has a socket open to `code`.
    func isConnected(_ player: PlayerID, to code: RoomCode) -> Bool {
        connections[code]?[player] != nil
    }

    /// The rooms someone has a socket open to.
    var connectedRooms: [RoomCode] { Array(connections.keys) }

    /// Whether anyone has a socket open to `code`.
    func hasConnections(_ code: RoomCode) -> Bool {
        connections[code] != nil
    }

    /// How many listen to `code` now.
    /// The rooms that have a listener here.
    var listenedRooms: [RoomCode] {
        listeners.filter { !$0.value.isEmpty }.map(\.key)
    }

    func listenerCount(_ code: RoomCode) -> Int {
        listeners[code]?.count ?? 0
    }
}
