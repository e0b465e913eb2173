import CardTableStorage
import NIOCore

/// An HTTP request sent in parts on its own connection: the first part at once (say the head and
/// half the body), the rest when the test says, so the server is mid-request for as long as the
/// test likes.
struct SplitRequest: Sendable {
    private let connection: RawConnection

    /// Connects to the server on 127.0.0.1 and sends `first`.
    /// - Throws: When the server refuses the connection.
    static func start(_ first: String, port: Int) async throws -> SplitRequest {
        let connection = try await RawConnection.open(port: port)
        // NB: a connection the server accepts and closes at once is not refused: its answer is empty.
        await connection.send(first)
        return SplitRequest(connection: connection)
    }

    /// Sends more of the request.
    func finish(_ rest: String) async throws {
        try await connection.channel.writeAndFlush(ByteBuffer(string: rest))
    }

    /// Waits until the server closes the connection, then returns all it sent.
    /// - Returns: nil when the connection is still open after `timeLimit` (it is then closed).
    func answer(within timeLimit: Duration) async -> String? {
        guard await connection.closesWithin(timeLimit) else {
            connection.close()
            return nil
        }
        return connection.answer
    }
}
