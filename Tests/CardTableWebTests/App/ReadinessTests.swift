import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `GET /ready` says whether to send the server requests: the database answers and is migrated,
/// and the server is not stopping; `GET /health` answers all the while.
@Suite struct ReadinessTests {
    /// The drain of the real server: long enough for the checks during it on a loaded machine.
    static let drainSeconds = 8

    @Test func readyWhileTheStoreAnswers() async throws {
        let app = try await buildApplication(WebConfiguration(), database: .sqlite(SQLiteDatabase(.inMemory)))
        try await app.test(.router) { client in
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .ok)
            #expect(String(buffer: ready.body) == "ready")
            #expect(ready.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(ready.headers[.setCookie] == nil, "/ready set a cookie")
        }
    }

    @Test func notReadyWhileTheStoreDoesNotAnswer() async throws {
        let served = ServedDatabase(database: UnreachableDatabase(), secret: .random())
        let app = try await buildApplication(WebConfiguration(), database: served)
        try await app.test(.router) { client in
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .serviceUnavailable)
            #expect(String(buffer: ready.body).contains("database"))
            #expect(ready.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }

    @Test func notReadyUntilTheStoreIsMigrated() async throws {
        let store = try SQLiteDatabase(.inMemory)
        let served = ServedDatabase(
            database: store, secret: .random(), readiness: DatabaseReadiness(isReady: false))
        let app = try await buildApplication(WebConfiguration(), database: served)
        try await app.test(.router) { client in
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .serviceUnavailable)
            #expect(String(buffer: ready.body).contains("migrations"))
        }
    }

    @Test func notReadyOnceDrainingBegins() async throws {
        let drain = ShutdownDrain()
        let app = try await buildApplication(
            WebConfiguration(), database: .sqlite(SQLiteDatabase(.inMemory)), drain: drain)
        let (before, after, health) = try await app.test(.router) { client in
            let before = try await client.execute(uri: "/ready", method: .get)
            drain.begin()
            let after = try await client.execute(uri: "/ready", method: .get)
            return (before, after, try await client.execute(uri: "/health", method: .get))
        }
        #expect(before.status == .ok)
        #expect(after.status == .serviceUnavailable)
        #expect(health.status == .ok)
    }

    /// The real server on SIGTERM: `/ready` answers 503 at once while requests are still served
    /// for the drain, then the listener closes and the server exits.
    // NB: the limit only stops a hang; starting the server alone may take 30 s under load.
    @Test(.timeLimit(.minutes(4)))
    func sigtermDrainsBeforeTheListenerCloses() async throws {
        try await withTemporaryDatabase { path in
            let server = try await ServerProcess(
                options: ["--database", path, "--drain-seconds", "\(Self.drainSeconds)"],
                logFolder: URL(fileURLWithPath: path).deletingLastPathComponent())
            defer { server.send(SIGKILL) }
            let ready = try await TestClient.withClient(host: "127.0.0.1", port: server.port) { client in
                try await client.get("/ready")
            }
            #expect(ready.status == .ok)
            let signalled = ContinuousClock.now
            server.send(SIGTERM)
            // NB: the signal is handled when the machine gets to it: asked until it says so.
            var (draining, health) = try await Self.readyAndHealth(on: server.port)
            while draining.status == .ok, ContinuousClock.now - signalled < .seconds(Self.drainSeconds - 2) {
                try await Task.sleep(for: .milliseconds(100))
                (draining, health) = try await Self.readyAndHealth(on: server.port)
            }
            // NB: answered at all, so still listening: within the drain (after it the listener is
            // closed and the checks would throw). How long they took is the machine's business: a
            // bound on it failed under a loaded suite (8.9 s of an 8 s drain).
            #expect(draining.status == .serviceUnavailable)
            #expect(health.status == .ok)
            let ending = await server.ending(within: .seconds(Self.drainSeconds + 20))
            #expect(
                ending == .exited(0), "the server ended \(String(describing: ending)):\n\(server.logTail)")
            #expect(
                ContinuousClock.now - signalled >= .seconds(Self.drainSeconds), "the server did not drain")
        }
    }

    /// What `/ready` and `/health` answer on the server at `port` now.
    private static func readyAndHealth(on port: Int) async throws -> (
        TestClient.Response, TestClient.Response
    ) {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            (try await client.get("/ready"), try await client.get("/health"))
        }
    }
}

/// A database that cannot be reached: every transaction fails as PostgreSQL's does when down.
private struct UnreachableDatabase: CardTableDatabase {
    private struct Down: Error {}

    func read<Value: Sendable>(_ body: @escaping @Sendable (SQLiteDatabase.Transaction) throws -> Value)
        async throws -> Value
    {
        throw DatabaseUnavailable(underlying: Down())
    }

    func write<Value: Sendable>(_ body: @escaping @Sendable (SQLiteDatabase.Transaction) throws -> Value)
        async throws -> Value
    {
        throw DatabaseUnavailable(underlying: Down())
    }

    func move<Value: Sendable>(_ body: @escaping @Sendable (SQLiteDatabase.Transaction) throws -> Value)
        async throws -> Value
    {
        throw DatabaseUnavailable(underlying: Down())
    }
}
