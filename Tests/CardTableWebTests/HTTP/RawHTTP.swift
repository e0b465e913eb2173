import NIOCore
import NIOPosix
import Testing

/// Talks to a live server byte by byte, for requests no HTTP client would send.
enum RawHTTP {
    /// Sends `request` as raw bytes and reads until the server closes the connection.
    /// - Throws: ``KeptOpen`` when the server keeps it open longer than `timeLimit`.
    static func exchange(_ request: [UInt8], port: Int, timeLimit: Duration) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask {
                try await channel.executeThenClose { inbound, outbound in
                    try await outbound.write(ByteBuffer(bytes: request))
                    var answer = ""
                    for try await part in inbound { answer += String(buffer: part) }
                    return answer
                }
            }
            group.addTask {
                try await Task.sleep(for: timeLimit)
                throw KeptOpen(limit: timeLimit)
            }
            defer { group.cancelAll() }
            return try #require(try await group.next())
        }
    }

    /// The server kept the connection open past the exchange's time limit.
    struct KeptOpen: Error {
        let limit: Duration
    }

    /// Sends `request` (text) and reads until the server closes the connection.
    static func exchange(_ request: String, port: Int, timeLimit: Duration) async throws -> String {
        try await exchange(Array(request.utf8), port: port, timeLimit: timeLimit)
    }
}
