import CardTableBasics
import CardTableStorage
import CardTableWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MemorizeCore
import Testing

/// Builds the real app and runs `test` against its router.
/// - Parameters:
///   - clock: The app's clock; by default one that moves 30 s per reading, so no two moves are quick
///     enough for a speed bonus. Tests that time things pass ``TestClock/manual``.
///   - store: The app's store; a new in-memory one unless given.
///   - allowsTestSetups: Whether `POST /set/test-setup` exists.
///   - configuration: The app's configuration; a live app listens on a free port whatever it says.
///   - live: Whether the app runs as a server on 127.0.0.1 (whose requests come from loopback,
///     as from a proxy on the same machine) rather than answering through its router alone (whose
///     requests come from no address at all).
func withTestApp<Value>(
    clock: TestClock = TestClock(step: 30),
    store: SQLiteDatabase? = nil,
    allowsTestSetups: Bool = true,
    configuration: WebConfiguration = WebConfiguration(),
    live: Bool = false,
    _ test: @Sendable (TestSession) async throws -> Value
) async throws -> Value {
    let store = try store ?? SQLiteDatabase(.inMemory)
    let environment = WebEnvironment(now: { clock.now() }, allowsTestSetups: allowsTestSetups)
    let secret = try ServerSecret(for: store.location)
    var configuration = configuration
    if live { configuration.port = 0 }
    let app = try await buildApplication(
        configuration, database: .sqlite(store, secret: secret), environment: environment)
    return try await app.test(live ? .live : .router) { client in
        try await test(TestSession(client: client, store: store, secret: secret))
    }
}

/// A test's view of the app: the HTTP client and, to look behind the pages, the database.
struct TestSession: Sendable {
    let client: any TestClientProtocol
    let store: SQLiteDatabase
    /// The secret that signs the app's cookies.
    let secret: ServerSecret

    /// A new browser: visits the home page and keeps the cookie it is given.
    func newPlayer() async throws -> Browser {
        try await Browser.arriving(at: client)
    }
}

extension PlayerID {
    /// The player a `cardtable_player=<id>.<signature>` cookie names (the signature unchecked).
    init?(cookie: some StringProtocol) {
        self.init(rawValue: String(cookie.dropFirst("cardtable_player=".count).prefix(32)))
    }
}

/// One player's browser: sends its cookie with every request.
struct Browser: Sendable {
    let client: any TestClientProtocol
    let cookie: String
    let player: PlayerID

    /// A new browser on the app `client` reaches: visits the home page and keeps the cookie it
    /// is given.
    static func arriving(at client: any TestClientProtocol) async throws -> Browser {
        let response = try await client.execute(uri: "/", method: .get)
        let setCookie = try #require(response.headers[.setCookie])
        let pair = try #require(setCookie.split(separator: ";").first)
        let id = try #require(PlayerID(cookie: pair))
        return Browser(client: client, cookie: String(pair), player: id)
    }

    func get(_ uri: String, json: Bool = false) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: headers(json: json))
    }

    func post(
        _ uri: String, form: [(String, String)] = [], json: Bool = false, extraHeaders: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers(json: json)
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers.append(contentsOf: extraHeaders)
        let body = form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await client.execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    func postJSON(_ uri: String, body: String) async throws -> TestResponse {
        var headers = headers(json: true)
        headers[.contentType] = "application/json"
        return try await client.execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    func deleteJSON(_ uri: String, body: String) async throws -> TestResponse {
        var headers = headers(json: true)
        headers[.contentType] = "application/json"
        return try await client.execute(
            uri: uri, method: .delete, headers: headers, body: ByteBuffer(string: body))
    }

    private func headers(json: Bool) -> HTTPFields {
        var headers: HTTPFields = [.cookie: cookie]
        if json { headers[.accept] = "application/json" }
        return headers
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
