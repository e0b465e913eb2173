import Foundation

/// The referee's word that a room with computer opponents has a new event, for
/// ``RoomBotDriver``. Copies share one queue.
struct BotWakeups: Sendable {
    /// A room, its last event and when that event happened.
    struct Wakeup: Sendable, Equatable {
        let code: RoomCode
        let lastEvent: Int
        let at: Date
    }

    /// The wakeups in the order given; one consumer reads them.
    let wakeups: AsyncStream<Wakeup>
    private let continuation: AsyncStream<Wakeup>.Continuation

    init() {
        (wakeups, continuation) = AsyncStream.makeStream()
    }

    /// Says that room `code` came to event `lastEvent` at `moment`.
    func wake(_ code: RoomCode, lastEvent: Int, at moment: Date) {
        continuation.yield(Wakeup(code: code, lastEvent: lastEvent, at: moment))
    }
}
