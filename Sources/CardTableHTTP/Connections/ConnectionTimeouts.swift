/// How long the server waits on a client before it closes the connection.
///
/// A client that keeps the server waiting holds a connection and a file descriptor; without
/// these limits a few thousand sockets that send a byte now and then would use them all up.
/// The server never closes a connection while it is still producing that connection's answer.
package struct ConnectionTimeouts: Sendable, Equatable {
    /// The longest a client may take to send a whole request head (request line and headers),
    /// counted from when the connection opened, or on a kept-alive connection from the first byte
    /// of the next request. Bytes trickling in do not extend it.
    package var requestHead: Duration
    /// The longest a client may pause while sending a request's body: each piece of the body
    /// that arrives starts the wait again, up to ``requestBody``.
    package var bodyPause: Duration
    /// The longest a client may take to send a whole request body, counted from its head.
    /// Bytes trickling in do not extend it.
    package var requestBody: Duration
    /// The longest a kept-alive connection may sit between an answer and the next request.
    package var idle: Duration
    /// How long a connection is still read (and what arrives dropped) after an answer that closes
    /// it, such as a refusal of a body too large to read, so that the client sees the answer
    /// before the connection is closed under it.
    var closingDrain: Duration

    /// Creates a set of timeouts.
    /// - Parameters:
    ///   - requestHead: The time allowed for a request head (10 s by default).
    ///   - bodyPause: The longest pause allowed inside a request body (10 s by default).
    ///   - requestBody: The time allowed for a whole request body (30 s by default).
    ///   - idle: How long an idle kept-alive connection stays open (60 s by default).
    ///   - closingDrain: How long a connection is drained after an answer that closes it (5 s by
    ///     default).
    package init(
        requestHead: Duration = .seconds(10), bodyPause: Duration = .seconds(10),
        requestBody: Duration = .seconds(30), idle: Duration = .seconds(60),
        closingDrain: Duration = .seconds(5)
    ) {
        self.requestHead = requestHead
        self.bodyPause = bodyPause
        self.requestBody = requestBody
        self.idle = idle
        self.closingDrain = closingDrain
    }
}
