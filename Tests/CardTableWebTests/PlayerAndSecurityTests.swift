import CardTableWeb
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct PlayerAndSecurityTests {
    @Test func healthAnswers200() async throws {
        try await withTestApp { session in
            let response = try await session.client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
        }
    }

    @Test func firstVisitSetsAPrivateLaxCookie() async throws {
        try await withTestApp { session in
            let response = try await session.client.execute(uri: "/", method: .get)
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.hasPrefix("cardtable_player="))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(cookie.contains("Path=/"))
        }
    }

    @Test func knownPlayerGetsNoNewCookie() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.get("/")
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test func playerBCanNeitherSeeNorChangePlayerAsThemesOrGames() async throws {
        try await withTestApp { session in
            let alice = try await session.newPlayer()
            let bob = try await session.newPlayer()
            let aliceTheme = try #require(try await session.store.themes(of: alice.player).first)
            let id = aliceTheme.id
            _ = try await alice.post("/play/\(id)/choose/1")

            #expect(try await bob.get("/play/\(id)").status == .notFound)
            #expect(try await bob.get("/themes/\(id)/edit").status == .notFound)
            #expect(try await bob.get("/themes/\(id).json").status == .notFound)
            #expect(try await bob.post("/play/\(id)/choose/2").status == .notFound)
            #expect(try await bob.post("/play/\(id)/new").status == .notFound)
            #expect(try await bob.post("/themes/\(id)/delete").status == .notFound)
            #expect(try await bob.post("/themes/\(id)/move", form: [("to", "3")]).status == .notFound)
            let rename = [("name", "Stolen"), ("emojis", "🐸 🦄"), ("save", "1")]
            #expect(try await bob.post("/themes/\(id)", form: rename).status == .notFound)
            #expect(!(try await bob.get("/").text.contains("/play/\(id)\"")))

            #expect(try await session.store.theme(id, of: alice.player) == aliceTheme)
            let game = try #require(try await session.store.game(in: .theme(id), for: alice.player))
            #expect(game.game.cards.filter(\.isFaceUp).count == 1)
        }
    }

    @Test func foreignOriginPostIsRefused() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let response = try await browser.post(
                "/themes/\(theme.id)/delete", extraHeaders: [.origin: "https://evil.example"])
            #expect(response.status == .forbidden)
            #expect(try await session.store.theme(theme.id, of: browser.player) != nil)
        }
    }

    @Test func oversizedBodyIsRefused() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let huge = String(repeating: "🎃", count: 40_000)
            let response = try await browser.post("/themes", form: [("name", "Big"), ("newEmoji", huge)])
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test func malformedFormIsA400WithAMessage() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let missingName = try await browser.post("/themes", form: [("emojis", "🐸 🦄")])
            #expect(missingName.status == .badRequest)
            #expect(missingName.text.contains("name"))
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let badMove = try await browser.post("/themes/\(theme.id)/move", form: [("to", "up")])
            #expect(badMove.status == .badRequest)
        }
    }

    @Test(arguments: ["/nowhere", "/play/abc", "/play/999999", "/themes/0/edit", "/themes/999999.json"])
    func unknownAddressesAre404Pages(uri: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.get(uri)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(response.text.contains("Back to your themes"))
        }
    }

    @Test func unknownCardIs404() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            #expect(try await browser.post("/play/\(theme.id)/choose/999").status == .notFound)
            #expect(try await browser.post("/play/\(theme.id)/choose/0").status == .notFound)
        }
    }

    @Test func staticFilesAreServed() async throws {
        try await withTestApp { session in
            let css = try await session.client.execute(uri: "/static/app.css", method: .get)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType]?.hasPrefix("text/css") == true)
            let js = try await session.client.execute(uri: "/static/app.js", method: .get)
            #expect(js.headers[.contentType]?.hasPrefix("text/javascript") == true)
        }
    }
}
