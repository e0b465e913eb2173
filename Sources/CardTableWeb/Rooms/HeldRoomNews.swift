/// The news of one room (its last event, told without the events) held back while this instance
/// saves changes of the room (see ``RoomHub/holdingNews(of:while:)``). Each save has a ticket;
/// news waits only for the saves under way when it came, so saves that keep overlapping do not
/// hold it for ever.
struct HeldRoomNews {
    private var lastTicket = 0
    private var savesUnderWay: Set<Int> = []
    /// News heard meanwhile: the last event it told of, and the last ticket it waits for.
    private var held: [(lastEvent: Int, waitsFor: Int)] = []
    /// The last event a save published here, with its events, while news was held.
    private var publishedWithEvents = 0

    /// Whether nothing is under way or held, so the room's entry can go.
    var isIdle: Bool { savesUnderWay.isEmpty && held.isEmpty }

    /// Starts a save.
    /// - Returns: Its ticket, which ``endSave(_:)`` takes.
    mutating func beginSave() -> Int {
        lastTicket += 1
        savesUnderWay.insert(lastTicket)
        return lastTicket
    }

    /// Holds back news that the room's last event is now `lastEvent`, if a save is under way.
    /// - Returns: Whether it was held back.
    mutating func hold(_ lastEvent: Int) -> Bool {
        guard !savesUnderWay.isEmpty else { return false }
        held.append((lastEvent, waitsFor: lastTicket))
        return true
    }

    /// Notes that a save published events up to `lastEvent` here.
    mutating func published(_ lastEvent: Int) {
        publishedWithEvents = max(publishedWithEvents, lastEvent)
    }

    /// Ends the save with `ticket`.
    /// - Returns: The last event of the news no longer waiting for any save, when it tells of
    ///   more than the saves published with their events (else the listeners have it already).
    mutating func endSave(_ ticket: Int) -> Int? {
        savesUnderWay.remove(ticket)
        let oldestUnderWay = savesUnderWay.min() ?? Int.max
        let free = held.filter { $0.waitsFor < oldestUnderWay }.map(\.lastEvent).max()
        held.removeAll { $0.waitsFor < oldestUnderWay }
        guard let free, free > publishedWithEvents else { return nil }
        return free
    }
}
