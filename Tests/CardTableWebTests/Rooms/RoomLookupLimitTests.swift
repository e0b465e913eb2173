import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// Guessing room codes is slowed per address: 10 codes that name no room, then 429 with
/// `Retry-After` for every look-up but those of the player's own rooms, and one more guess every
/// 10 seconds.
@Suite struct RoomLookupLimitTests {
    /// Codes that name no room: none of them is `room`'s.
    private func guesses(_ count: Int, besides room: CreatedRoomJSON) -> [String] {
        let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
        return (0..<count + 1).map { "ZZZZ\(alphabet[$0 / alphabet.count])\(alphabet[$0 % alphabet.count])" }
            .filter { $0 != room.code }.prefix(count).map { $0 }
    }

    /// In these tests every request comes from one address (the test client's connection has
    /// none), as players behind one router would.
    @Test func guessingCodesIsSlowedThenForgivenOneGuessEveryTenSeconds() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let (ana, guesser, bo) = (
                try await session.newPlayer(), try await session.newPlayer(), try await session.newPlayer()
            )
            let room = try await ana.createRoom()
            let codes = guesses(13, besides: room)
            for code in codes.prefix(10) {
                #expect(try await guesser.get("/rooms/\(code)", json: true).status == .notFound)
            }
            var response = try await guesser.get("/rooms/\(codes[10])", json: true)
            #expect(response.status == .tooManyRequests)
            #expect(response.headers[.retryAfter] == "10")
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "Too many room codes that name no room came from your address: wait 10 seconds, then try again."
            )
            // Every look-up waits, rooms that exist too, or the answers would tell them apart.
            for path in [
                room.pageURL, "/rooms/find?code=\(room.displayCode)", "/rooms/\(room.code)/events?after=0",
                "/rooms/\(room.code)/games/1",
            ] {
                response = try await guesser.get(path)
                #expect(response.status == .tooManyRequests, "\(path)")
                #expect(response.headers[.retryAfter] == "10", "\(path)")
                #expect(response.text.contains("wait 10 seconds, then try again."), "\(path)")
            }
            response = try await bo.postJSON(room.joinURL, body: #"{"name": "Bo"}"#)
            #expect(response.status == .tooManyRequests)
            // Ana's own room carries on.
            #expect(try await ana.get(room.pageURL, json: true).status == .ok)
            #expect(try await ana.get("/rooms/\(room.code)/events?after=0", json: true).status == .ok)

            clock.advance(by: 4)
            response = try await bo.postJSON(room.joinURL, body: #"{"name": "Bo"}"#)
            #expect(response.status == .tooManyRequests)
            #expect(response.headers[.retryAfter] == "6")
            clock.advance(by: 6)
            #expect(try await bo.postJSON(room.joinURL, body: #"{"name": "Bo"}"#).status == .ok)
            // One guess was forgiven: one more, and it waits again.
            #expect(try await guesser.get("/rooms/\(codes[11])", json: true).status == .notFound)
            #expect(try await guesser.get("/rooms/\(codes[12])", json: true).status == .tooManyRequests)
            // Bo, now in the room, is let through.
            #expect(try await bo.get(room.pageURL, json: true).status == .ok)
            clock.advance(by: 100)
            #expect(try await guesser.get(room.pageURL, json: true).status == .ok)
        }
    }

    /// Finding a room by the code read out, and its replays, count as look-ups too; codes that
    /// are not codes at all are refused in words and count for nothing.
    @Test func everyWayOfNamingARoomCounts() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let (ana, guesser) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            for _ in 0..<20 {
                #expect(try await guesser.get("/rooms/find?code=K0Q-X4P", json: true).status == .badRequest)
                #expect(try await guesser.get("/rooms/OOOOOO", json: true).status == .notFound)
            }
            #expect(try await guesser.get(room.pageURL, json: true).status == .ok)
            let codes = guesses(10, besides: room)
            for (index, code) in codes.enumerated() {
                let path =
                    switch index % 5 {
                    case 0: "/rooms/find?code=\(code)"
                    case 1: "/rooms/\(code)/games/1"
                    case 2: "/rooms/\(code)/events"
                    case 3: "/rooms/\(code)/claim"
                    default: "/rooms/\(code)/join"
                    }
                let response =
                    switch index % 5 {
                    case 3: try await guesser.postJSON(path, body: #"{"cards": [1, 2, 3]}"#)
                    case 4: try await guesser.postJSON(path, body: #"{"name": "Guess"}"#)
                    default: try await guesser.get(path, json: true)
                    }
                #expect(response.status == .notFound, "\(path)")
            }
            #expect(try await guesser.get(room.pageURL, json: true).status == .tooManyRequests)
        }
    }

    /// Over a real connection: the address behind nginx (a proxy on this machine) is the one
    /// counted, and a socket is not opened while its address waits, unless its player is a member.
    @Test func behindAProxyEachForwardedAddressIsCountedAndSocketsWaitToo() async throws {
        let clock = TestClock.manual
        try await withLiveApp(clock: clock) { session in
            let (ana, guesser) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            let codes = guesses(10, besides: room)
            let guessing: HTTPFields = [ClientAddress.forwardedFor: "198.51.100.1"]
            for code in codes {
                let response = try await session.client.execute(
                    uri: "/rooms/\(code)", method: .get, headers: guessing)
                #expect(response.status == .notFound)
            }
            let refused = try await session.client.execute(uri: room.pageURL, method: .get, headers: guessing)
            #expect(refused.status == .tooManyRequests)
            let other: HTTPFields = [ClientAddress.forwardedFor: "198.51.100.2"]
            #expect(
                try await session.client.execute(uri: room.pageURL, method: .get, headers: other).status
                    == .ok)

            // Without a forwarded address, the connection's own address (this machine) is counted.
            for code in codes { #expect(try await guesser.get("/rooms/\(code)").status == .notFound) }
            #expect(try await guesser.get(room.pageURL).status == .tooManyRequests)
            await #expect(throws: (any Error).self) {
                try await guesser.withRoomSocket(room.socketURL) { socket in try await socket.next() }
            }
            let snapshot = try await ana.withRoomSocket(room.socketURL) { socket in try await socket.next() }
            #expect(snapshot.you == 1)
            clock.advance(by: 10)
            let watched = try await guesser.withRoomSocket(room.socketURL) { socket in try await socket.next()
            }
            #expect(watched.type == "snapshot" && watched.you == nil)
        }
    }
}

/// The app on a real port, with `clock`.
private func withLiveApp<Value: Sendable>(
    clock: TestClock, _ test: @Sendable (TestSession) async throws -> Value
) async throws -> Value {
    let store = try SQLiteDatabase(.inMemory)
    let secret = ServerSecret.random()
    let app = try await buildApplication(
        WebConfiguration(port: 0), database: .sqlite(store, secret: secret),
        environment: WebEnvironment(now: { clock.now() }))
    return try await app.test(.live) { client in
        try await test(TestSession(client: client, store: store, secret: secret))
    }
}
