import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSClient
import NIOCore
import Synchronization
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// A player of a room on real `cardtable` processes: their cookie, and the instance they talk to
/// now (a new connection per request, so moving to another instance is changing the port).
struct InstancePlayer: Sendable {
    let name: String
    var port: Int
    private(set) var cookie = ""

    init(name: String, port: Int) {
        self.name = name
        self.port = port
    }

    /// Visits the home page and keeps the cookie the instance gives.
    mutating func arrive() async throws {
        let response = try await send(.get, "/")
        let setCookie = try #require(response.headers[.setCookie])
        cookie = String(try #require(setCookie.split(separator: ";").first))
    }

    /// Makes a Set room, or the room `body` asks for.
    func createRoom(_ body: String? = nil) async throws -> CreatedRoomJSON {
        let response = try await send(.post, "/rooms", json: body ?? #"{"game": "set", "name": "\#(name)"}"#)
        try #require(response.status == .created, "making the room answered \(response.status)")
        return try JSONDecoder().decode(
            CreatedRoomJSON.self, from: Data(buffer: response.body ?? ByteBuffer()))
    }

    func join(_ room: CreatedRoomJSON) async throws {
        let response = try await send(.post, room.joinURL, json: #"{"name": "\#(name)"}"#)
        try #require(response.status == .ok, "\(name) joining answered \(response.status)")
    }

    /// The room as this player sees it.
    func snapshot(_ room: CreatedRoomJSON) async throws -> RoomMessageJSON {
        let response = try await send(.get, room.pageURL)
        try #require(response.status == .ok, "the snapshot answered \(response.status)")
        return try JSONDecoder().decode(
            RoomMessageJSON.self, from: Data(buffer: response.body ?? ByteBuffer()))
    }

    /// The room's events after `after`, as this player reads them.
    func events(_ room: CreatedRoomJSON, after: Int = 0) async throws -> [RoomMessageJSON] {
        let response = try await send(.get, "/rooms/\(room.code)/events?after=\(after)")
        try #require(response.status == .ok, "the events answered \(response.status)")
        return try JSONDecoder().decode(
            [RoomMessageJSON].self, from: Data(buffer: response.body ?? ByteBuffer()))
    }

    /// Posts JSON to the room and answers the status and the events it added.
    func post(_ path: String, _ body: String) async throws -> (HTTPResponse.Status, [RoomMessageJSON]) {
        let response = try await send(.post, path, json: body)
        guard response.status == .ok else { return (response.status, []) }
        let events = try JSONDecoder().decode(
            [RoomMessageJSON].self, from: Data(buffer: response.body ?? ByteBuffer()))
        return (response.status, events)
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, json body: String? = nil) async throws
        -> TestClient.Response
    {
        var headers: HTTPFields = [.accept: "application/json"]
        if !cookie.isEmpty { headers[.cookie] = cookie }
        if body != nil { headers[.contentType] = "application/json" }
        let request = TestClient.Request(
            path, method: method, authority: "127.0.0.1:\(port)", headers: headers,
            body: body.map { ByteBuffer(string: $0) })
        return try await TestClient.withClient(
            host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(10))
        ) { client in try await client.execute(request) }
    }
}

/// What one player's room socket heard: the numbers of the events, in order, with a snapshot
/// starting a new run wherever the server sent one.
final class HeardEvents: Sendable {
    private let state = Mutex<(numbers: [Int], gaps: [String], last: Int)>(([], [], 0))

    var last: Int { state.withLock { $0.last } }
    var numbers: [Int] { state.withLock { $0.numbers } }
    /// Where an event came out of order: "after 12 came 14".
    var gaps: [String] { state.withLock { $0.gaps } }

    func hear(_ message: RoomMessageJSON) {
        state.withLock { state in
            if message.type == "snapshot", let last = message.lastEvent {
                state.last = last
            } else if message.type == "event", let number = message.number {
                if number != state.last + 1 { state.gaps.append("after \(state.last) came \(number)") }
                state.numbers.append(number)
                state.last = number
            }
        }
    }

    /// Listens on the room's socket at the first of `ports` until it has heard `run`'s target event
    /// or a later one (once the target is set); when the connection drops it connects again to the next
    /// port, asking for the events after the last it heard.
    func listen(
        to room: CreatedRoomJSON, as player: InstancePlayer, ports: [Int], until run: MultiInstanceTests.Run
    ) async throws {
        var ports = ports[...]
        while let port = ports.first {
            let path = room.socketURL + (last > 0 ? "?after=\(last)" : "")
            var headers = HTTPFields()
            headers[.cookie] = player.cookie
            do {
                _ = try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)\(path)", configuration: .init(additionalHeaders: headers),
                    logger: .init(label: "test-socket")
                ) { inbound, _, _ in
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        guard case .text(let text) = message else { continue }
                        self.hear(try JSONDecoder().decode(RoomMessageJSON.self, from: Data(text.utf8)))
                        let wanted = run.target.load(ordering: .acquiring)
                        if wanted > 0, self.last >= wanted { return }
                    }
                }
            } catch {
                // The instance went away mid-read: carry on at the next one.
            }
            let wanted = run.target.load(ordering: .acquiring)
            if wanted > 0, last >= wanted { return }
            ports = ports.dropFirst()
        }
    }
}

extension ServerProcess {
    /// `count` instances of `cardtable serve` on the PostgreSQL database at `address`, sharing
    /// one secret, each logging to `instance-N` in `folder`; `options` are added to each.
    static func instances(_ count: Int, on address: PostgresAddress, in folder: URL, options: [String] = [])
        async throws -> [ServerProcess]
    {
        var instances: [ServerProcess] = []
        for number in 0..<count {
            instances.append(
                try await ServerProcess(
                    options: [
                        "--database",
                        "postgres://\(address.username)@\(address.host):\(address.port)/\(address.database)",
                        "--secret-file", folder.appendingPathComponent("secret").path,
                        // NB: the whole suite loads the machine; a slow connection is no failure here.
                        "--database-wait", "60", "--database-deadline", "60",
                    ] + options,
                    logFolder: folder.appendingPathComponent("instance-\(number)")))
        }
        return instances
    }
}
