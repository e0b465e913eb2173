import Foundation
import GRDB
import HummingbirdTesting
import Synchronization
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cardtable serve` on SIGTERM, run as the real executable on a database file: it stops taking
/// connections, answers the requests it has begun, closes the database and exits 0, and every move
/// it acknowledged is in the file.
///
/// NB: each test's time limit only stops a hang. It is four minutes because the waits inside
/// (the server starting, 30 s at most; the first moves, two minutes on a loaded machine) add up
/// past the one minute it once was, which a run of the whole suite exceeded.
@Suite struct ShutdownTests {
    /// How many browsers touch cards while the server is told to stop.
    static let browsers = 4

    @Test(.timeLimit(.minutes(4)))
    func sigtermKeepsEveryAcknowledgedMove() async throws {
        try await withTemporaryDatabase { path in
            let server = try await ServerProcess(databasePath: path)
            let port = server.port
            let progress = ShutdownProgress()
            var pending = try await PendingMove(port: port)
            let (streams, ending, elapsed) = try await withThrowingTaskGroup(of: TouchStream.self) { group in
                for _ in 0..<Self.browsers {
                    group.addTask { try await TouchStream.play(port: port, progress: progress) }
                }
                // NB: how fast moves are made is not under test: a loaded machine gets two minutes.
                try await Self.waitUntil("40 moves were acknowledged", within: .seconds(120)) {
                    progress.acknowledged >= 40
                }
                // The pending move's head and half its body are in when SIGTERM arrives.
                try await pending.send()
                try await Task.sleep(for: .milliseconds(100))
                progress.signal()
                let signalled = ContinuousClock.now
                server.send(SIGTERM)
                let refused = await Self.probeUntilRefused(port: port, within: .seconds(5))
                #expect(refused, "the server still accepted connections 5 s after SIGTERM")
                try await pending.finish()
                let ending = await server.ending(within: .seconds(10))
                let elapsed = ContinuousClock.now - signalled
                if ending == nil { server.send(SIGKILL) }
                return (try await group.reduce(into: []) { $0.append($1) }, ending, elapsed)
            }

            #expect(
                ending == .exited(0), "the server ended \(String(describing: ending)):\n\(server.logTail)")
            #expect(elapsed < .seconds(5), "the server took \(elapsed) to stop")
            let loggedClosing = server.log.contains("Database closed")
            #expect(loggedClosing, "the server did not log closing the database:\n\(server.logTail)")
            #expect(pending.answer?.hasPrefix("HTTP/1.1 303") == true, "the pending move was not answered")
            try Self.checkSavedGames(at: path, streams: streams, pending: pending)
        }
    }

    /// Connections that would hold a stopping server open for ever (a first request it cannot
    /// read, a head or a body that never ends, an idle one) are closed by the grace period's end
    /// at the latest, and the server exits having closed its database.
    @Test(.timeLimit(.minutes(4)))
    func sigtermClosesEveryConnectionWithinTheGracePeriod() async throws {
        try await withTemporaryDatabase { path in
            let server = try await ServerProcess(databasePath: path)
            let port = server.port
            let health = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            var connections: [RawConnection] = []
            for start in [
                "BREW /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "GET /health HTTP/1.1\r\nX-Slow: a",
                HostileConnectionCorpus.postHead(length: 60_000) + "mode=", health, "",
            ] {
                let connection = try await RawConnection.open(port: port)
                await connection.send(start)
                connections.append(connection)
            }
            defer { connections.forEach { $0.close() } }
            let body = connections[2]
            // NB: a body that keeps coming, a byte every half second, never meets its own deadlines.
            let trickling = Task {
                await body.trickle(String(repeating: "a", count: 200), every: .milliseconds(500))
            }
            defer { trickling.cancel() }
            try await Task.sleep(for: .milliseconds(500))

            let signalled = ContinuousClock.now
            server.send(SIGTERM)
            let ending = await server.ending(within: .seconds(30))
            let elapsed = ContinuousClock.now - signalled
            if ending == nil { server.send(SIGKILL) }
            #expect(
                ending == .exited(0), "the server ended \(String(describing: ending)):\n\(server.logTail)")
            #expect(elapsed < .seconds(20), "the server took \(elapsed) to stop")
            #expect(server.log.contains("Database closed"), "\(server.logTail)")
        }
    }

    @Test func closingTheStoreEmptiesTheWriteAheadLog() async throws {
        try await withTemporaryDatabase { path in
            let store = try SQLiteDatabase(.file(path: path))
            #expect(Self.walSize(at: path) > 0, "migrating wrote nothing to the write-ahead log")
            try store.close()
            #expect(Self.walSize(at: path) == 0)
            let check = try DatabaseQueue(path: path).read {
                try String.fetchAll($0, sql: "PRAGMA quick_check")
            }
            #expect(check == ["ok"])
        }
    }

    // MARK: - Checks

    /// Opens the file the server left and finds each browser's game in it (by the cards on its
    /// table) with every acknowledged move made, and none that was never sent.
    private static func checkSavedGames(at path: String, streams: [TouchStream], pending: PendingMove) throws
    {
        let walSize = walSize(at: path)
        #expect(walSize == 0, "the write-ahead log still holds \(walSize) bytes")
        let database = try DatabaseQueue(path: path)
        let (check, games) = try database.read { db in
            (
                try String.fetchAll(db, sql: "PRAGMA quick_check"),
                try Row.fetchAll(db, sql: "SELECT * FROM set_game").map {
                    try SetGameRecord(SQLiteRow(row: $0)).savedGame()
                }
            )
        }
        #expect(check == ["ok"])
        for stream in streams {
            let saved = try #require(games.first { Set($0.game.table.map(\.id)) == stream.table })
            let moves = saved.version - stream.baseline
            #expect(
                (stream.acknowledged...stream.acknowledged + stream.unanswered).contains(moves),
                "\(stream.acknowledged) moves acknowledged, \(moves) saved")
            #expect(saved.game.selection.map(\.id) == stream.selection(after: moves))
        }
        let saved = try #require(games.first { Set($0.game.table.map(\.id)) == pending.table })
        #expect(saved.version == pending.baseline + 1)
        #expect(saved.game.selection.map(\.id) == [pending.card])
    }

    /// The size of the database's write-ahead log: 0 when there is none.
    private static func walSize(at path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }

    // MARK: - Waiting

    /// Connects again and again until the server refuses. Every connection it still takes must be
    /// answered or closed within 2 s, never left hanging.
    /// - Returns: Whether a connection was refused within `timeLimit`.
    private static func probeUntilRefused(port: Int, within timeLimit: Duration) async -> Bool {
        let end = ContinuousClock.now + timeLimit
        while ContinuousClock.now < end {
            let probe: SplitRequest
            do {
                probe = try await SplitRequest.start(
                    "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port)
            } catch {
                return true
            }
            if await probe.answer(within: .seconds(2)) == nil {
                Issue.record("a connection made after SIGTERM was left hanging")
                return false
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    private static func waitUntil(
        _ what: Comment, within timeLimit: Duration, _ condition: () -> Bool
    ) async throws {
        let end = ContinuousClock.now + timeLimit
        while !condition() {
            try #require(ContinuousClock.now < end, "not within \(timeLimit): \(what)")
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// What the browsers share: how many moves were acknowledged, and whether SIGTERM was sent (after
/// which a refused request ends a browser's play instead of failing the test).
private final class ShutdownProgress: Sendable {
    private let acknowledgedMoves = Atomic(0)
    private let signalled = Atomic(false)

    var acknowledged: Int { acknowledgedMoves.load(ordering: .relaxed) }
    var isSignalled: Bool { signalled.load(ordering: .relaxed) }

    func acknowledge() {
        acknowledgedMoves.add(1, ordering: .relaxed)
    }

    func signal() {
        signalled.store(true, ordering: .relaxed)
    }
}

/// One browser's stream of moves: on a new solo game it touches two cards in turn (select A,
/// select B, deselect A, deselect B, …), reading the page after each, until the server stops.
private struct TouchStream: Sendable {
    /// The cards on the table, which never change: no three cards are ever selected.
    var table: Set<Int>
    /// The two cards touched in turn.
    var touched: [Int]
    /// The game's move count before the first touch.
    var baseline: Int
    /// Touches answered with a redirect to the page.
    var acknowledged = 0
    /// Touches sent that got no answer (at most the last one).
    var unanswered = 0

    /// The selection after `moves` touches.
    func selection(after moves: Int) -> [Int] {
        var selection: [Int] = []
        for move in 0..<moves {
            let card = touched[move % 2]
            if let index = selection.firstIndex(of: card) {
                selection.remove(at: index)
            } else {
                selection.append(card)
            }
        }
        return selection
    }

    /// Plays until the server stops answering after SIGTERM; before it, any failure fails the test.
    static func play(port: Int, progress: ShutdownProgress) async throws -> TouchStream {
        try await TestClient.withClient(
            host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(5))
        ) { client in
            var player = LiveSetPlayer(client: client)
            var page = try await player.newGame()
            var stream = TouchStream(
                table: Set(page.cards.map(\.id)), touched: page.cards.prefix(2).map(\.id),
                baseline: try #require(page.version))
            // NB: a cap, so that a server that never stops cannot keep the test looping.
            while stream.acknowledged < 10_000 {
                let card = stream.touched[stream.acknowledged % 2]
                let action = try #require(page.cards.first { $0.id == card }?.action)
                let response: TestClient.Response
                do {
                    response = try await player.submit(page.grid, to: action)
                } catch {
                    try Self.stop(after: error, progress: progress)
                    stream.unanswered = 1
                    break
                }
                try #require(response.status == .seeOther, "a touch answered \(response.status)")
                stream.acknowledged += 1
                progress.acknowledge()
                do {
                    page = try await player.table()
                } catch {
                    try Self.stop(after: error, progress: progress)
                    break
                }
            }
            return stream
        }
    }

    /// Rethrows `error` unless SIGTERM was sent and the server closed the connection (a request
    /// left unanswered for the client's whole time limit fails the test).
    private static func stop(after error: any Error, progress: ShutdownProgress) throws {
        guard progress.isSignalled else { throw error }
        if case TestClient.Error.readTimeout = error {
            Issue.record("a request was left hanging after SIGTERM")
        }
    }
}

/// A touch whose request is sent up to the middle of its body before SIGTERM and finished after
/// the server has stopped accepting connections: a request in flight that must still be answered
/// and saved.
private struct PendingMove {
    let port: Int
    /// The cards on its player's table.
    let table: Set<Int>
    let card: Int
    let baseline: Int
    private let first: String
    private let rest: String
    private var request: SplitRequest?
    /// What the server answered, once finished.
    private(set) var answer: String?

    /// Starts a new game for a new player and prepares a touch of its first card.
    init(port: Int) async throws {
        self.port = port
        let page = try await TestClient.withClient(
            host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(5))
        ) { client in
            var player = LiveSetPlayer(client: client)
            let page = try await player.newGame()
            return (page, try #require(player.cookie, "the server set no player cookie"))
        }
        let (table, cookie) = page
        let touched = try #require(table.cards.first)
        let body = table.grid.encodedBody
        try #require(body.count >= 2, "the card grid's form sends no fields")
        self.table = Set(table.cards.map(\.id))
        card = touched.id
        baseline = try #require(table.version)
        first =
            "POST \(touched.action) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
            + body.prefix(body.count / 2)
        rest = String(body.dropFirst(body.count / 2))
    }

    /// Sends the head and the first half of the body.
    mutating func send() async throws {
        request = try await SplitRequest.start(first, port: port)
    }

    /// Sends the rest of the body and waits up to 5 s for the answer (none when the server has
    /// closed the connection).
    mutating func finish() async throws {
        let request = try #require(request)
        do {
            try await request.finish(rest)
        } catch {
            return
        }
        answer = await request.answer(within: .seconds(5))
    }
}

extension LiveSetPlayer {
    /// Opens the Set page, presses New Game (a solo one), and reads the new table.
    fileprivate mutating func newGame() async throws -> Table {
        let response = try await submit(try await table().newGame)
        try #require(response.status == .seeOther, "New Game answered \(response.status)")
        return try await table()
    }
}
