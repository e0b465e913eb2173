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
        /// Nothing more: the last answer closes the connection, which is only drained (what
        /// arrives is dropped) until the client closes it or its time is up.
        case closing
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

    package let timeouts: ConnectionTimeouts
    package private(set) var wait = Wait.requestHead
    /// When the client runs out of time for ``wait``; nil while the server is answering.
    package private(set) var deadline: NIODeadline?

    /// When the body of the request being read must have arrived in full.
    private var bodyDeadline: NIODeadline?
    /// Whether the connection closes once the request being answered is: the request or its
    /// answer said `Connection: close`.
    private var closesAfterAnswer = false
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
    /// - Parameter asksToClose: Whether it says `Connection: close`.
    mutating func readHead(at now: NIODeadline, asksToClose: Bool = false) {
        guard wait != .closing else { return }
        readProducedParts = true
        unanswered += 1
        isReadingRequest = true
        nextRequestStarted = false
        if asksToClose { closesAfterAnswer = true }
        wait = .requestBody
        bodyDeadline = now + TimeAmount(timeouts.requestBody)
        deadline = nextBodyDeadline(at: now)
    }

    /// A piece of a request body arrived.
    mutating func readBody(at now: NIODeadline) {
        readProducedParts = true
        if wait == .requestBody { deadline = nextBodyDeadline(at: now) }
    }

    /// A request arrived in full.
    mutating func readEnd() {
        guard wait != .closing else { return }
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
        case .closing:
            break
        case .nextRequest:
            wait = .requestHead
            deadline = now + TimeAmount(timeouts.requestHead)
        case .response:
            nextRequestStarted = true
        case .requestHead, .requestBody:
            break
        }
    }

    /// The server began an answer that says `Connection: close`.
    mutating func wroteClosingResponseHead() {
        closesAfterAnswer = true
    }

    /// The server sent the end of an answer.
    mutating func wroteResponseEnd(at now: NIODeadline) {
        unanswered = max(unanswered - 1, 0)
        if closesAfterAnswer {
            wait = .closing
            deadline = now + TimeAmount(timeouts.closingDrain)
            return
        }
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
        // NB: a closing connection is not waiting for the server: it has said its last word.
        if wait == .closing { return .close(.closing) }
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
        case .closing: timeouts.closingDrain
        }
    }

    /// The next pause's end, or the body's own deadline if that comes first.
    private func nextBodyDeadline(at now: NIODeadline) -> NIODeadline {
        let pauseEnds = now + TimeAmount(timeouts.bodyPause)
        guard let bodyDeadline else { return pauseEnds }
        return min(pauseEnds, bodyDeadline)
    }

    /// Whether the answer to the request being read has already been sent in full: what is left
    /// of its body concerns nobody.
    var hasAnsweredRequestBeingRead: Bool {
        isReadingRequest && unanswered == 0
    }
}
