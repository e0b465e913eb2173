import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing

/// One info line per request, naming the route's pattern rather than its ids; a new game's whole
/// theme only at debug level.
@Suite struct RequestLogTests {
    @Test func everyRequestIsOneLineWithItsPatternStatusAndDuration() async throws {
        let (_, log) = try await withRecordedLog { client in
            let cookie = try await Self.newPlayer(client)
            _ = try await client.execute(
                uri: "/play/random/choose/1", method: .post, headers: [.cookie: cookie])
            _ = try await client.execute(uri: "/nowhere", method: .get)
            _ = try await client.execute(uri: "/set", method: .put)
        }
        let requests = log.entries.filter { $0.metadata["ms"] != nil }
        #expect(
            requests.map(\.message) == [
                "GET / 200", "POST /play/{slot}/choose/{card} 303", "GET (no route) 404",
                "PUT (no route) 405",
            ])
        #expect(requests.allSatisfy { $0.level == .info && Double($0.metadata["ms"] ?? "") != nil })
    }

    @Test func aNewGamesThemeIsWrittenOutOnlyAtDebugLevel() async throws {
        let (_, log) = try await withRecordedLog { client in
            let cookie = try await Self.newPlayer(client)
            // NB: a new game is logged when it is stored: by New Game, or by the first deal's first tap.
            _ = try await client.execute(uri: "/play/random/new", method: .post, headers: [.cookie: cookie])
        }
        let info = try #require(log.entries.first { $0.message == "New game" })
        #expect(info.level == .info)
        #expect(info.metadata["theme"]?.hasPrefix("{") == false)
        let debug = try #require(log.entries.first { $0.message == "New game's theme" })
        #expect(debug.level == .debug)
        #expect(debug.metadata["theme"]?.contains("\"emojis\"") == true)
    }

    /// Visits the home page as a new browser and returns its cookie.
    private static func newPlayer(_ client: any TestClientProtocol) async throws -> String {
        let home = try await client.execute(uri: "/", method: .get)
        return try #require(home.headers[.setCookie]?.split(separator: ";").first.map(String.init))
    }
}
