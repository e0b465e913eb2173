import CardTableWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// One info line per request, naming the route's pattern rather than its ids; a new game's whole
/// theme only at debug level.
@Suite struct RequestLogTests {
    @Test func everyRequestIsOneLineWithItsPatternStatusAndDuration() async throws {
        let log = RecordedLog()
        let app = try await buildApplication(
            WebConfiguration(storage: .inMemory), store: CardTableStore(.inMemory),
            logger: Logger(label: "test") { _ in log })
        try await app.test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get)
            let cookie = try #require(home.headers[.setCookie]?.split(separator: ";").first.map(String.init))
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
        let log = RecordedLog()
        let app = try await buildApplication(
            WebConfiguration(storage: .inMemory), store: CardTableStore(.inMemory),
            logger: Logger(label: "test") { _ in log })
        try await app.test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get)
            let cookie = try #require(home.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            _ = try await client.execute(uri: "/play/random", method: .get, headers: [.cookie: cookie])
        }
        let info = try #require(log.entries.first { $0.message == "New game" })
        #expect(info.level == .info)
        #expect(info.metadata["theme"]?.hasPrefix("{") == false)
        let debug = try #require(log.entries.first { $0.message == "New game's theme" })
        #expect(debug.level == .debug)
        #expect(debug.metadata["theme"]?.contains("\"emojis\"") == true)
    }
}
