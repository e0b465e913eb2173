import NIOCore

/// What one connection is waiting for and until when: the rules of ``ConnectionDeadlineHandler``,
/// kept apart from the channel so that they read (and test) as plain events and times.
struct ConnectionDeadlines {
    /// What the server is waiting for on the connection.
    enum Wait: Equatable {
        /// A request head, from a new connection or once the next request's first bytes arrived.
        case requestHead
        /// More of a request's body.
        case requestBody
        /// Its own answer: no deadline, whatever the client does.
        case response
        /// The next request on a kept-alive connection.
        case nextRequest
    }

    /// What to do when the deadline's timer fires.
    enum Verdict: Equatable {
        /// Close the connection: the client kept the server waiting for `wait` too long.
        case close(Wait)
        /// Not yet: look again at this time.
        case checkAgain(NIODeadline)
        /// Nothing is due.
        case nothing
    }

    let timeouts: ConnectionTimeouts
    private(set) var wait = Wait.requestHead
    /// When the client runs out of time for ``wait``; nil while the server is answering.
    private(set) var deadline: NIODeadline?

    /// Requests whose head was read and whose answer has not been sent in full.
    private var unanswered = 0
    /// Whether a request's head has been read but not yet its end.
    private var isReadingRequest = false
    /// Whether bytes of another request arrived while the server was still answering.
    private var nextRequestStarted = false
    /// Whether the socket read being handled produced any request part.
    private var readProducedParts = false

    /// Starts the clock on a new connection: its first request head is due.
    init(timeouts: ConnectionTimeouts, openedAt now: NIODeadline) {
        self.timeouts = timeouts
        self.deadline = now + TimeAmount(timeouts.requestHead)
    }

    // MARK: - Events

    /// A request head arrived in full.
    mutating func readHead(at now: NIODeadline) {
        readProducedParts = true
        unanswered += 1
        isReadingRequest = true
        nextRequestStarted = false
        wait = .requestBody
        deadline = now + TimeAmount(timeouts.bodyPause)
    }

    /// A piece of a request body arrived.
    mutating func readBody(at now: NIODeadline) {
        readProducedParts = true
        if wait == .requestBody { deadline = now + TimeAmount(timeouts.bodyPause) }
    }

    /// A request arrived in full.
    mutating func readEnd() {
        readProducedParts = true
        isReadingRequest = false
        wait = .response
        deadline = nil
    }

    /// A socket read finished. Bytes that made no request part are the start of a request head.
    mutating func readCompleted(at now: NIODeadline) {
        defer { readProducedParts = false }
        guard !readProducedParts, !isReadingRequest else { return }
        switch wait {
        case .nextRequest:
            wait = .requestHead
            deadline = now + TimeAmount(timeouts.requestHead)
        case .response:
            nextRequestStarted = true
        case .requestHead, .requestBody:
            break
        }
    }

    /// The server sent the end of an answer.
    mutating func wroteResponseEnd(at now: NIODeadline) {
        unanswered = max(unanswered - 1, 0)
        guard unanswered == 0, !isReadingRequest else { return }
        if nextRequestStarted {
            nextRequestStarted = false
            wait = .requestHead
            deadline = now + TimeAmount(timeouts.requestHead)
        } else {
            wait = .nextRequest
            deadline = now + TimeAmount(timeouts.idle)
        }
    }

    // MARK: - The timer

    /// The timer fired: close the connection if the client is out of time.
    /// - Parameter serverIsReading: Whether the server is asking the socket for bytes. While it is
    ///   not (its buffers are full and it is busy answering), the client is not to blame.
    mutating func timerFired(at now: NIODeadline, serverIsReading: Bool) -> Verdict {
        guard let deadline else { return .nothing }
        if now < deadline { return .checkAgain(deadline) }
        // NB: never close a connection while an earlier request on it is still being answered.
        let answering = unanswered > (isReadingRequest ? 1 : 0)
        guard serverIsReading, !answering else {
            let later = now + TimeAmount(timeout(for: wait))
            self.deadline = later
            return .checkAgain(later)
        }
        return .close(wait)
    }

    /// How long the client is given for `wait`.
    private func timeout(for wait: Wait) -> Duration {
        switch wait {
        case .requestHead: timeouts.requestHead
        case .requestBody: timeouts.bodyPause
        case .nextRequest: timeouts.idle
        case .response: .zero
        }
    }
}
