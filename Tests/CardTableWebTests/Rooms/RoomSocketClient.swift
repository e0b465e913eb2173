import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Logging
import Synchronization
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// Builds the real app on a live server (WebSockets need one), with a short grace period
/// before a dropped player is marked away; on the real clock unless given one.
func withLiveTestApp<Value: Sendable>(
    clock: TestClock? = nil,
    gracePeriod: Duration = .milliseconds(300),
    sweepInterval: Duration = .seconds(60),
    timeouts: ConnectionTimeouts = ConnectionTimeouts(),
    logger: Logger = Logger(label: "cardtable"),
    metrics: ServerMetrics = ServerMetrics(),
    _ test: @Sendable (TestSession) async throws -> Value
) async throws -> Value {
    let store = try SQLiteDatabase(.inMemory)
    var configuration = WebConfiguration(port: 0, connectionTimeouts: timeouts)
    configuration.roomGracePeriod = gracePeriod
    configuration.roomSweepInterval = sweepInterval
    let secret = ServerSecret.random()
    let app = try await buildApplication(
        configuration, database: .sqlite(store, secret: secret),
        environment: WebEnvironment(now: { clock?.now() ?? Date() }, allowsTestSetups: true),
        logger: logger, metrics: metrics)
    return try await app.test(.live) { client in
        try await test(TestSession(client: client, store: store, secret: secret))
    }
}

/// One test's end of a room socket: the messages as they come, and requests to send.
struct RoomSocketConnection: Sendable {
    /// The socket's messages, read in the handler's own task.
    final class Messages: @unchecked Sendable {
        var iterator: WebSocketInboundMessageStream.AsyncIterator

        init(_ inbound: WebSocketInboundStream) {
            iterator = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        }
    }

    let messages: Messages
    let send: @Sendable (String) async throws -> Void

    /// The next message; the whole script has a time limit (see ``Browser/withRoomSocket(_:_:)``).
    func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> RoomMessageJSON {
        while let message = try await messages.iterator.next() {
            guard case .text(let text) = message else { continue }
            return try JSONDecoder().decode(RoomMessageJSON.self, from: Data(text.utf8))
        }
        Issue.record("The socket closed", sourceLocation: sourceLocation)
        throw SocketClosed()
    }

    /// Messages until one satisfies `condition` (returned).
    func next(where condition: (RoomMessageJSON) -> Bool, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> RoomMessageJSON
    {
        while true {
            let message = try await next(sourceLocation: sourceLocation)
            if condition(message) { return message }
        }
    }
}

/// The server closed a socket the test still read.
struct SocketClosed: Error {}

extension Browser {
    /// Opens the room's socket with this browser's cookie and runs `script` on it (at most
    /// `timeLimit`); the socket closes when `script` returns.
    ///
    /// The limit only stops a script that waits for a message that never comes; it says nothing
    /// of speed. NB: it is a minute because under the whole suite's load a socket answer that
    /// touches the database (a device check, a move) was seen to take over a second, and a
    /// script of ten exchanges ran past the ten seconds this once was.
    func withRoomSocket<Value: Sendable>(
        _ path: String, timeLimit: Duration = .seconds(60),
        _ script: @escaping @Sendable (RoomSocketConnection) async throws -> Value
    ) async throws -> Value {
        let result = Mutex<Result<Value, any Error>?>(nil)
        var headers = HTTPFields()
        headers[.cookie] = cookie
        let opened = ContinuousClock.now
        let closeFrame: WebSocketCloseFrame?
        do {
            closeFrame = try await client.ws(path, configuration: .init(additionalHeaders: headers)) {
                inbound, outbound, _ in
                let connection = RoomSocketConnection(messages: .init(inbound)) {
                    try await outbound.write(.text($0))
                }
                let outcome: Result<Value, any Error>
                do {
                    outcome = .success(
                        try await withThrowingTaskGroup(of: Value?.self) { group in
                            group.addTask { try await script(connection) }
                            group.addTask {
                                try await Task.sleep(for: timeLimit)
                                return nil
                            }
                            defer { group.cancelAll() }
                            guard let first = try await group.next(), let value = first else {
                                throw TimedOut(limit: timeLimit)
                            }
                            return value
                        })
                } catch {
                    // NB: says who was cancelled when a script ends in a CancellationError, which
                    // nothing in the script asks for.
                    if error is CancellationError {
                        Issue.record(
                            "The socket script was cancelled; its socket handler task was\(Task.isCancelled ? "" : " not") cancelled"
                        )
                    }
                    outcome = .failure(error)
                }
                result.withLock { $0 = outcome }
            }
        } catch let error as CancellationError {
            Issue.record("The socket client was cancelled \(ContinuousClock.now - opened) after opening")
            throw error
        }
        guard let outcome = result.withLock({ $0 }) else {
            throw SocketNeverRan(closeFrame: closeFrame.map { "\($0.closeCode) \($0.reason ?? "")" })
        }
        return try outcome.get()
    }
}

/// A socket script that did not finish within its time limit.
struct TimedOut: Error {
    let limit: Duration
}

/// The socket closed before the test's script ran on it.
struct SocketNeverRan: Error {
    let closeFrame: String?
}
