import CardTableWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// A player's first Set request deals exactly one game, whatever it asks for.
@Suite struct SetNewGameTests {
    /// Pages drawn before there were modes send `mode=solo` or `mode=two-player`: Normal Set.
    @Test(arguments: ["solo", "two-player"])
    func aFirstNewGameDealsOnce(mode: String) async throws {
        let (page, log) = try await firstPost(to: "/set/new", form: "mode=\(mode)")
        #expect(page.players == mode)
        #expect(page.mode == "normal")
        // NB: a game dealt and then replaced would have counted one move already.
        #expect(page.version == 0)
        #expect(log.filter { $0 == "New Set game" }.count == 1)
    }

    @Test(arguments: [("junior", "solo", 9), ("chain", "two-player", 12), ("ultra", "solo", 12)])
    func aFirstNewGameInAModeDealsOnce(mode: String, players: String, cards: Int) async throws {
        let (page, log) = try await firstPost(to: "/set/new", form: "mode=\(mode)&players=\(players)")
        #expect(page.mode == mode)
        #expect(page.players == players)
        #expect(page.cards.count == cards)
        #expect(page.version == 0)
        #expect(log.filter { $0 == "New Set game" }.count == 1)
    }

    @Test func aFirstMoveOtherThanNewGameIsMadeOnTheGameItDeals() async throws {
        let (page, log) = try await firstPost(to: "/set/color-blind", form: "enabled=true")
        #expect(page.colorBlind)
        #expect(page.version == 1)
        #expect(log.filter { $0 == "New Set game" }.count == 1)
    }

    /// A new player's first request: a form posted for JSON. Returns the answer and the log.
    private func firstPost(to uri: String, form: String) async throws -> (page: SetPageJSON, log: [String]) {
        let (page, log) = try await withRecordedLog { client in
            let response = try await client.execute(
                uri: uri, method: .post,
                headers: [.accept: "application/json", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: form))
            #expect(response.status == .ok)
            return try response.decode(SetPageJSON.self)
        }
        return (page, log.messages)
    }
}
