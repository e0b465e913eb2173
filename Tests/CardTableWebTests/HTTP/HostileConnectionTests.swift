import CardTableHTTP
import CardTableStorage
import CardTableWeb
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// The connection layer on a live server, over raw sockets: what no browser sends is answered
/// once and closed at once, and no client holds a connection past its deadlines.
@Suite struct HostileConnectionTests {
    /// A short head deadline, to wait out; the others far off.
    static let shortHead = ConnectionTimeouts(
        requestHead: .seconds(3), bodyPause: .seconds(60), requestBody: .seconds(60), idle: .seconds(60))
    /// A short drain after a closing answer; the other deadlines far off, so that a machine slowed
    /// by the rest of the suite reaches none of them first.
    static let shortDrain = ConnectionTimeouts(
        requestHead: .seconds(60), bodyPause: .seconds(60), requestBody: .seconds(60), idle: .seconds(60),
        closingDrain: .seconds(1))

    /// How long a test waits for an answer or a close: half the deadlines above, so a connection
    /// the server closes of its own accord is told from one a deadline cut. NB: 30 s, as 5 s ran
    /// out on a machine loaded by the whole suite.
    static let patience: Duration = .seconds(30)

    // MARK: - Malformed heads (answered, closed, never left hanging)

    /// Each is answered with its status and closed long before any deadline, and nothing is
    /// logged as an error.
    @Test func everyMalformedFirstRequestIsAnsweredAndClosedAtOnce() async throws {
        let log = try await withLiveServer(Self.shortDrain) { port, _ in
            for request in HostileConnectionCorpus.malformedHeads {
                let connection = try await RawConnection.open(port: port)
                defer { connection.close() }
                await connection.send(request.bytes)
                let closed = await connection.closesWithin(Self.patience)
                #expect(closed, "\(request.name): still open after \(Self.patience)")
                #expect(
                    connection.statusLines.map { $0.prefix(12) } == ["HTTP/1.1 \(request.status)"],
                    "\(request.name): \(connection.answer.prefix(200))")
            }
        }
        #expect(log.errors.isEmpty, "\(log.errors)")
    }

    /// The same bytes after a request that was answered get the same answer, then a close.
    @Test func aMalformedSecondRequestIsRefusedToo() async throws {
        try await withLiveServer(Self.shortDrain) { port, _ in
            for request in HostileConnectionCorpus.malformedHeads where request.status == 400 {
                let connection = try await RawConnection.open(port: port)
                defer { connection.close() }
                await connection.send(Self.health)
                #expect(await connection.receives("\r\n\r\nok", within: Self.patience))
                await connection.send(request.bytes)
                #expect(
                    await connection.closesWithin(Self.patience),
                    "\(request.name): still open after \(Self.patience)")
                #expect(
                    connection.statusLines.map { $0.prefix(12) } == ["HTTP/1.1 200", "HTTP/1.1 400"],
                    "\(request.name): \(connection.answer.suffix(200))")
            }
        }
    }

    /// Blank lines before a request line are allowed, so they do not end its head: the head's
    /// deadline still runs while the rest trickles in.
    @Test func aHeadAfterBlankLinesKeepsItsDeadline() async throws {
        try await withLiveServer(Self.shortHead) { port, _ in
            let opened = ContinuousClock.now
            let connection = try await RawConnection.open(port: port)
            defer { connection.close() }
            await connection.send("\r\n\r\n")
            let sentEverything = await connection.trickle(
                "GET /health HTTP/1.1\r\nX-Slow: " + String(repeating: "a", count: 60),
                every: .milliseconds(200))
            #expect(!sentEverything, "the head trickled in for 12 s")
            #expect(ContinuousClock.now - opened >= .milliseconds(2900))
        }
    }

    // MARK: - Bodies

    /// Pauses shorter than the pause limit do not keep a body coming for ever.
    @Test func aTricklingBodyIsClosedAtItsWholeDeadline() async throws {
        // NB: pauses may be long, so that only the whole body's deadline can close it, even when
        // a busy machine delays this test's bytes.
        let timeouts = ConnectionTimeouts(
            requestHead: .seconds(30), bodyPause: .seconds(30), requestBody: .seconds(2), idle: .seconds(30))
        try await withLiveServer(timeouts) { port, _ in
            let connection = try await RawConnection.open(port: port)
            defer { connection.close() }
            // NB: taken before the head is sent, so the server's clock for the body cannot have
            // started earlier.
            let started = ContinuousClock.now
            await connection.send(HostileConnectionCorpus.postHead(length: 60_000))
            let sentEverything = await connection.trickle(
                String(repeating: "a", count: 40), every: .milliseconds(250))
            #expect(!sentEverything, "the body trickled in for 10 s")
            #expect(ContinuousClock.now - started >= .milliseconds(1900))
            #expect(connection.statusLines.allSatisfy { !$0.hasPrefix("HTTP/1.1 2") })
        }
    }

    /// A body too large to read is refused, and the connection closed after a short drain even
    /// while the client goes on sending and never closes it.
    @Test(arguments: [true, false])
    func aRefusedBodyClosesTheConnection(clientAsksToClose: Bool) async throws {
        try await withLiveServer(Self.shortDrain) { port, _ in
            let connection = try await RawConnection.open(port: port, staysOpenWhenServerFinishes: true)
            defer { connection.close() }
            let head = HostileConnectionCorpus.postHead(
                length: 20_000_000, extraHeaders: clientAsksToClose ? "Connection: close\r\n" : "")
            await connection.send(head + String(repeating: "a", count: 4096))
            let chunk = String(repeating: "a", count: 1024)
            let closed = await connection.keepsSendingUntilClosed(
                chunk, every: .milliseconds(50), within: Self.patience)
            #expect(closed, "the connection was still open \(Self.patience) after the refusal")
            #expect(
                connection.statusLines.map { $0.prefix(12) } == ["HTTP/1.1 413"],
                "\(connection.answer.prefix(300))")
            #expect(connection.answer.lowercased().contains("connection: close"))
        }
    }

    /// A request whose body the client cuts short after it was answered gets no second answer.
    @Test func aRequestCutShortAfterItsAnswerIsAnsweredOnce() async throws {
        try await withLiveServer(Self.shortDrain) { port, _ in
            let connection = try await RawConnection.open(port: port)
            defer { connection.close() }
            await connection.sendAndFinish(HostileConnectionCorpus.healthWithShortBody)
            #expect(await connection.closesWithin(Self.patience))
            #expect(connection.statusLines == ["HTTP/1.1 200 OK"], "\(connection.answer)")
        }
    }

    // MARK: - Helpers

    static let health = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    /// Runs `test` against a live server with the given timeouts, on a free port.
    /// - Returns: The server's log.
    @discardableResult
    private func withLiveServer(
        _ timeouts: ConnectionTimeouts,
        _ test: @Sendable (_ port: Int, _ client: any TestClientProtocol) async throws -> Void
    ) async throws -> RecordedLog {
        let log = RecordedLog()
        let app = try await buildApplication(
            WebConfiguration(port: 0, connectionTimeouts: timeouts),
            database: .sqlite(SQLiteDatabase(.inMemory)), logger: Logger(label: "test") { _ in log })
        try await app.test(.live) { client in
            try await test(try #require(client.port), client)
        }
        return log
    }
}
