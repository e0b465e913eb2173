import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MemorizeCore
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

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

    @Test func knownPlayerKeepsTheirIDAndTheirCookieIsRenewed() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.get("/")
            #expect(GrowthTests.player(in: response) == browser.player)
            #expect(response.headers[.setCookie]?.contains("Max-Age=") == true)
        }
    }

    @Test func playerBCanNeitherSeeNorChangePlayerAsThemesOrGames() async throws {
        try await withTestApp { session in
            let alice = try await session.newPlayer()
            let bob = try await session.newPlayer()
            // NB: Alice's own theme; the built-in ones are shared until a player changes them.
            let aliceTheme = try await session.store.addTheme(
                Theme(name: "Alice's", emojis: ["🐸", "🦄", "🐝"], numberOfPairs: 2, color: "teal"),
                for: alice.player)
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
            let game = try #require(try await session.store.memorizeGame(in: .theme(id), for: alice.player))
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

    /// The test client sends requests to `localhost`, so that is this server's own origin.
    @Test(arguments: [
        [HTTPField(name: .origin, value: "http://localhost")],
        [
            HTTPField(name: .origin, value: "http://localhost"),
            HTTPField(name: .secFetchSite, value: "same-origin"),
        ],
        [HTTPField(name: .secFetchSite, value: "same-origin")],
        [HTTPField(name: .secFetchSite, value: "none")],
        [HTTPField(name: .referer, value: "http://localhost/set?x=1")],
        [],
    ])
    func sameOriginPostIsAccepted(headers: [HTTPField]) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let response = try await browser.post(
                "/themes/\(theme.id)/delete", extraHeaders: HTTPFields(headers))
            #expect(response.status == .seeOther)
            #expect(try await session.store.theme(theme.id, of: browser.player) == nil)
        }
    }

    @Test(arguments: [
        [HTTPField(name: .secFetchSite, value: "cross-site")],
        [
            HTTPField(name: .origin, value: "http://localhost"),
            HTTPField(name: .secFetchSite, value: "cross-site"),
        ],
        [HTTPField(name: .origin, value: "http://localhost.evil.example")],
        [HTTPField(name: .origin, value: "null")],
        // The scheme counts: the test client speaks http.
        [HTTPField(name: .origin, value: "https://localhost")],
        [HTTPField(name: .referer, value: "http://evil.example/localhost")],
        [HTTPField(name: .referer, value: "http://localhost.evil.example/")],
        [HTTPField(name: .referer, value: "https://localhost/set")],
        // Spellings no browser sends (issue 47): the header's value in capitals, the origin's
        // scheme or host in capitals.
        [HTTPField(name: .secFetchSite, value: "CROSS-SITE")],
        [
            HTTPField(name: .origin, value: "http://localhost"),
            HTTPField(name: .secFetchSite, value: "Cross-Site"),
        ],
        [HTTPField(name: .origin, value: "HTTP://localhost")],
        [HTTPField(name: .origin, value: "http://LOCALHOST")],
        [HTTPField(name: .referer, value: "HTTP://localhost/set")],
    ])
    func crossSitePostIsRefused(headers: [HTTPField]) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let response = try await browser.post(
                "/themes/\(theme.id)/delete", extraHeaders: HTTPFields(headers))
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

    @Test(arguments: [
        "/nowhere", "/play/abc", "/play/999999", "/themes/0/edit", "/themes/999999.json",
        "/play/-1", "/play/-9223372036854775808", "/play/9223372036854775807", "/play/9223372036854775808",
        "/themes/-9223372036854775808/edit", "/themes/9223372036854775807/edit",
        "/themes/99999999999999999999.json",
    ])
    func unknownAddressesAre404Pages(uri: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.get(uri)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(response.text.contains("Back to the games"))
        }
    }

    /// A malformed number in an address is a 404 that says what the address needs.
    @Test(arguments: [
        ("/play/abc", "its slot must be a theme&#39;s number or random."),
        ("/themes/x/edit", "its id must be a theme&#39;s number."),
        ("/play/random/choose/0", "its card must be a card&#39;s place in the game, from 1."),
    ])
    func aMalformedAddressSaysWhatItNeeds(uri: String, words: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = uri.contains("choose") ? try await browser.post(uri) : try await browser.get(uri)
            #expect(response.status == .notFound)
            #expect(response.text.contains("There is nothing at this address: \(words)"))
        }
    }

    @Test(arguments: [
        "999", "0", "-1", "abc", "1.5", "-9223372036854775808", "9223372036854775807",
        "9223372036854775808", "99999999999999999999",
    ])
    func unknownCardIs404(card: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            for slot in ["\(theme.id)", "random"] {
                #expect(try await browser.post("/play/\(slot)/choose/\(card)").status == .notFound)
            }
            let game = try await session.store.memorizeGame(in: .theme(theme.id), for: browser.player)
            #expect(game?.game.cards.allSatisfy { !$0.isFaceUp } ?? true)
        }
    }

    @Test func cardJustPastTheLastIs404() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let cards = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
                .cards
            #expect(try await browser.post("/play/\(theme.id)/choose/\(cards.count + 1)").status == .notFound)
            #expect(try await browser.post("/play/\(theme.id)/choose/\(cards.count)").status == .seeOther)
        }
    }

    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "99999999999999999999", "-1"])
    func extremeThemeIDsInPostsAre404(id: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            #expect(try await browser.post("/play/\(id)/choose/1").status == .notFound)
            #expect(try await browser.post("/play/\(id)/new").status == .notFound)
            #expect(try await browser.post("/themes/\(id)/delete").status == .notFound)
            #expect(try await browser.post("/themes/\(id)/undo-delete").status == .notFound)
            #expect(try await browser.post("/themes/\(id)/move", form: [("to", "1")]).status == .notFound)
            let rename = [("name", "Stolen"), ("emojis", "🐸 🦄"), ("save", "1")]
            #expect(try await browser.post("/themes/\(id)", form: rename).status == .notFound)
        }
    }

    /// Moves to any whole number are clamped to the list; a number too big for an integer is a 400.
    @Test(arguments: [
        ("-9223372036854775808", 0, HTTPResponse.Status.seeOther),
        ("9223372036854775807", Theme.builtIn.count - 1, .seeOther),
        ("99999999999999999999", 0, .badRequest),
    ])
    func extremeMoveTargets(to: String, expectedIndex: Int, status: HTTPResponse.Status) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            #expect(try await browser.post("/themes/\(theme.id)/move", form: [("to", to)]).status == status)
            let json = try await browser.postJSON("/themes/\(theme.id)/move", body: "{\"to\": \(to)}")
            #expect(json.status == (status == .seeOther ? .ok : .badRequest))
            // NB: by name, since moving a built-in theme gives the player their own copies.
            let names = try await session.store.themes(of: browser.player).map(\.theme.name)
            #expect(names.firstIndex(of: theme.theme.name) == expectedIndex)
        }
    }

    /// Pair counts at the ends of `Int`, and past them: the least and anything past `Int` are a
    /// message to fix beside the form (in JSON, a number past `Int` is a malformed body); the
    /// most comes down to the emoji, as any count above them does.
    @Test(arguments: [
        (
            "-9223372036854775808", HTTPResponse.Status.unprocessableContent,
            HTTPResponse.Status.unprocessableContent
        ),
        ("9223372036854775807", .seeOther, .ok),
        ("99999999999999999999", .unprocessableContent, .badRequest),
    ])
    func extremePairCounts(pairs: String, formStatus: HTTPResponse.Status, jsonStatus: HTTPResponse.Status)
        async throws
    {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let form = [("name", "Frogs"), ("emojis", "🐸 🦄 🐝"), ("pairs", pairs), ("save", "1")]
            let saved = try await browser.post("/themes", form: form)
            #expect(saved.status == formStatus)
            let isSaved = formStatus == .seeOther
            if isSaved {
                #expect(try await session.store.themes(of: browser.player).last?.theme.numberOfPairs == 3)
            } else {
                #expect(saved.text.contains("value=\"\(pairs)\""))
            }
            let remove = [("name", "Frogs"), ("emojis", "🐸 🦄 🐝"), ("pairs", pairs), ("remove", "🐸")]
            #expect(try await browser.post("/themes", form: remove).status == .ok)
            let json = try await browser.postJSON(
                "/themes",
                body:
                    "{\"name\": \"Frogs\", \"emojis\": [\"🐸\", \"🦄\"], \"numberOfPairs\": \(pairs), \"color\": \"red\"}"
            )
            #expect(json.status == jsonStatus)
            let themes = try await session.store.themes(of: browser.player)
            #expect(themes.count == Theme.builtIn.count + (isSaved ? 2 : 0))
            if isSaved { #expect(themes.last?.theme.numberOfPairs == 2) }
        }
    }

    @Test func staticFilesAreServed() async throws {
        try await withTestApp { session in
            let css = try await session.client.execute(uri: "/static/app.css", method: .get)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType]?.hasPrefix("text/css") == true)
            // NB: the card ratio comes from the server's one constant, ahead of the file's own rules.
            #expect(css.text.hasPrefix(":root { --card-ratio: 2 / 3; }\n"))
            for script in ["cardtable.js", "memorize.js", "themes.js", "set.js"] {
                let js = try await session.client.execute(uri: "/static/\(script)", method: .get)
                #expect(js.headers[.contentType]?.hasPrefix("text/javascript") == true, "\(script)")
            }
            let template = try await session.client.execute(uri: "/static/layout.mustache", method: .get)
            #expect(template.status == .notFound)
        }
    }
}

extension HTTPField.Name {
    /// The fetch metadata header browsers send with every request (HTTPTypes has no name for it).
    fileprivate static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}

extension HTTPField.Name {
    /// The scheme a proxy in front of the server was reached by.
}
