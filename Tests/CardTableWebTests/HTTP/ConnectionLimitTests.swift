import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// The connections a live server keeps open: at most a total (past it, a new connection waits
/// for one to close), at most so many from one address (past it, closed at once), and the metrics
/// listener's idle ones closed at the site's deadlines. The flood that once crashed the process
/// at its open-file limit is Tests/Browser/test_open_file_limit.py.
@Suite struct ConnectionLimitTests {
    static let health = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test func aConnectionPastItsAddressesLimitIsClosedAtOnce() async throws {
        // NB: the test client holds a connection from 127.0.0.1 too.
        try await withLiveServer(ConnectionLimits(total: 100, perAddress: 3)) { port in
            let first = try await RawConnection.open(port: port)
            let second = try await RawConnection.open(port: port)
            for connection in [first, second] {
                await connection.send(Self.health)
                #expect(await connection.receives("200 OK", within: .seconds(5)))
            }
            let third = try await RawConnection.open(port: port)
            await third.send(Self.health)
            #expect(await third.closesWithin(.seconds(5)))
            #expect(third.answer.isEmpty)
            // The first two are kept, and a place freed is taken again.
            await first.send(Self.health)
            #expect(await first.receivesAnswers(2, within: .seconds(5)))
            second.close()
            #expect(await second.closesWithin(.seconds(5)))
            #expect(await admitsAgain(port: port, within: .seconds(10)))
            first.close()
        }
    }

    /// NB: HummingbirdTesting's live server drops the listener's delegate (its configuration's
    /// `with(address:)` does not copy it), so the total is tested here on the admission, and on a
    /// real process by the flood of Tests/Browser/test_open_file_limit.py.
    @Test func pastTheTotalTheListenerStopsAcceptingUntilOneCloses() {
        let admission = ConnectionAdmission(
            limits: ConnectionLimits(total: 2, perAddress: nil), logger: Logger(label: "test"))
        var acceptance = admission.acceptance
        #expect(acceptance.isAcceptingNewConnections())
        acceptance.connectionOpened()
        #expect(acceptance.isAcceptingNewConnections())
        acceptance.connectionOpened()
        #expect(!acceptance.isAcceptingNewConnections())
        #expect(admission.open == 2)
        acceptance.connectionClosed()
        #expect(acceptance.isAcceptingNewConnections())
    }

    @Test func theMetricsListenerClosesAnIdleConnection() async throws {
        // NB: the head's deadline runs from the connection opening; 3 s leaves room for a server
        // slowed by the rest of the suite before it reads the kept connection's request.
        let timeouts = ConnectionTimeouts(requestHead: .seconds(3), idle: .milliseconds(500))
        let app = metricsApplication(
            ServerMetrics(), hostname: "127.0.0.1", port: 0, timeouts: timeouts, logger: Logger(label: "test")
        )
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let silent = try await RawConnection.open(port: port)
            #expect(await silent.closesWithin(.seconds(10)))
            let kept = try await RawConnection.open(port: port)
            await kept.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await kept.receives("200 OK", within: .seconds(5)))
            #expect(await kept.closesWithin(.seconds(5)))
        }
    }

    @Test func limitsLeaveAReserveOfOpenFiles() {
        let shells = ConnectionLimits(openFiles: 1024)
        #expect(shells.total == 1024 - (64 + 64) - 16)
        #expect(shells.perAddress == 256)
        let services = ConnectionLimits(openFiles: 65536, perAddress: nil)
        #expect(services.total == 65536 - (64 + 4096) - 16)
        #expect(services.perAddress == nil)
        #expect(ConnectionLimits(openFiles: 10).total == 1)
    }

    /// Whether a new connection is answered once the server has seen a closed one go.
    /// NB: closing is this side's; the server frees the place only when it reads the close, so a
    /// connection opened before then is still one too many and is closed, and another is tried.
    private func admitsAgain(port: Int, within limit: Duration) async -> Bool {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            guard let connection = try? await RawConnection.open(port: port) else { return false }
            defer { connection.close() }
            await connection.send(Self.health)
            while connection.isOpen, !connection.answer.contains("200 OK"), ContinuousClock.now < end {
                try? await Task.sleep(for: .milliseconds(20))
            }
            if connection.answer.contains("200 OK") { return true }
        }
        return false
    }

    private func withLiveServer(
        _ limits: ConnectionLimits, _ test: @Sendable (_ port: Int) async throws -> Void
    ) async throws {
        var configuration = WebConfiguration(port: 0)
        configuration.connectionLimits = limits
        let app = try await buildApplication(configuration, database: .sqlite(SQLiteDatabase(.inMemory)))
        try await app.test(.live) { client in
            // NB: the test client's own connection counts against the address; it is opened here,
            // so that it is open before the test's own (under load it was once opened after them).
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            try await test(try #require(client.port))
        }
    }
}

extension RawConnection {
    /// Waits until the server has sent `count` answers' status lines.
    /// - Returns: Whether it did within `limit`.
    fileprivate func receivesAnswers(_ count: Int, within limit: Duration) async -> Bool {
        let end = ContinuousClock.now + limit
        while statusLines.count < count, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return statusLines.count >= count
    }
}
