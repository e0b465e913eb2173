/// The referee's requests to turn a room's Memorize mismatch back later, for
/// ``MismatchTurnBack`` to carry out. Copies share one queue.
struct TurnBackRequests: Sendable {
    /// Look at the room `code` after `wait`.
    struct Request: Sendable, Equatable {
        let code: RoomCode
        let wait: Duration
    }

    /// The requests in the order asked; one consumer reads them.
    let requests: AsyncStream<Request>
    private let continuation: AsyncStream<Request>.Continuation

    init() {
        (requests, continuation) = AsyncStream.makeStream()
    }

    /// Asks for the room `code` to be looked at after `wait`.
    func ask(_ code: RoomCode, in wait: Duration) {
        continuation.yield(Request(code: code, wait: wait))
    }
}
