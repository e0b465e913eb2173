import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MemorizeCore
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// Input no browser of ours sends is refused in words that name the field, never with a 5xx,
/// and changes nothing that was saved.
@Suite struct BadInputTests {
    static let frogs = [("name", "Frogs"), ("emojis", "🐸 🦄 🐝"), ("pairs", "2"), ("save", "1")]

    // MARK: - Control characters

    @Test(arguments: [
        ("name", "Fr\u{0}ogs", "The name cannot hold control characters"),
        ("name", "Frogs\u{1F}", "The name cannot hold control characters"),
        ("emojis", "🐸 \u{0} 🦄", "The emoji cannot hold control characters"),
        ("newEmoji", "🐝\u{7}", "The emoji cannot hold control characters"),
        ("pairs", "2\u{0}", "The pairs cannot hold control characters"),
        ("colorName", "re\u{1}d", "The color cannot hold control characters"),
    ])
    func aControlCharacterInAThemeFieldIsNamedAndTheFormKept(field: String, value: String, message: String)
        async throws
    {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let before = try await session.store.themes(of: browser.player)
            var form = Self.frogs.filter { $0.0 != field }
            form.append((field, value))
            if field == "colorName" { form.append(("colorKind", "named")) }
            let response = try await browser.post("/themes", form: form)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(message))
            #expect(response.text.contains("value=\"Frogs\"") || field == "name")
            #expect(!response.text.contains("\u{0}"))
            #expect(try await session.store.themes(of: browser.player) == before)
        }
    }

    @Test(arguments: [
        (#"{"name": "Fr\u0000ogs", "emojis": ["🐸", "🦄"], "color": "red"}"#, "The name cannot hold"),
        (#"{"name": "Frogs", "emojis": ["🐸", "\u0000"], "color": "red"}"#, "these are not emoji: U+0000"),
        (#"{"name": "Frogs", "emojis": ["🐸", "🦄"], "color": "re\u0001d"}"#, "A color name is 1 to 40"),
        (#"{"name": "Frogs", "emojis": ["🐸", "🦄"], "color": {"gradient": ["red", ""]}}"#, "A color name"),
    ])
    func aControlCharacterInAJSONThemeIsRefused(body: String, message: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.postJSON("/themes", body: body)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(message))
            #expect(try await session.store.themes(of: browser.player).count == Theme.builtIn.count)
        }
    }

    // MARK: - Pairs that are not whole numbers

    @Test(arguments: ["2.5", "1e3", "-", "e", "two"])
    func pairsThatAreNotAWholeNumberAreShownAgainWithAMessage(pairs: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let form = Self.frogs.filter { $0.0 != "pairs" } + [("pairs", pairs)]
            let response = try await browser.post("/themes", form: form)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("Pairs must be a whole number from 2 to 3"))
            #expect(response.text.contains("value=\"\(pairs)\""))
            // NB: beside the field, which says it is the one to fix.
            #expect(
                response.text.contains(
                    #"<ul class="field-messages" id="pairs-messages"><li>Pairs must be a whole number"#))
            #expect(
                response.text.contains(#"aria-describedby="pairs-note pairs-messages" aria-invalid="true""#))
            #expect(try await session.store.themes(of: browser.player).count == Theme.builtIn.count)
        }
    }

    /// The seed: more pairs than emoji are brought down to the emoji, not refused.
    @Test(arguments: ["4", "47", "99999999999999"])
    func morePairsThanEmojiAreSavedAsEveryEmoji(pairs: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let form = Self.frogs.filter { $0.0 != "pairs" } + [("pairs", pairs)]
            let response = try await browser.post("/themes", form: form)
            #expect(response.status == .seeOther)
            let saved = try #require(try await session.store.themes(of: browser.player).last)
            #expect(saved.theme.name == "Frogs")
            #expect(saved.theme.numberOfPairs == 3)
        }
    }

    @Test func theEditorSaysWhenPairsWillComeDownToTheEmoji() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let form = [
                ("name", "Frogs"), ("emojis", "🐸 🦄 🐝"), ("pairs", "47"), ("newEmoji", "x"), ("add", "1"),
            ]
            let response = try await browser.post("/themes", form: form)
            #expect(response.text.contains(#"data-pairs-note>3 pairs: the theme has 3 emoji.</p>"#))
            // NB: the refused "x" is reported beside the emoji field, not the pairs.
            #expect(
                response.text.contains(
                    #"id="emoji-messages"><li data-cause="[&quot;x&quot;]">Only emoji can be cards"#))
            #expect(!response.text.contains("pairs-messages"))
        }
    }

    // MARK: - Bodies that are not text, forms or JSON

    @Test(arguments: [
        (
            Array("name=Fr%FFogs&emojis=%F0%9F%90%B8+%F0%9F%A6%84&save=1".utf8),
            "The field name is not UTF-8 text."
        ),
        (Array("name=Frogs&emojis=%F0%9F%90%B8+%F0%9F&save=1".utf8), "The field emojis is not UTF-8 text."),
        (Array("name=Fr".utf8) + [0xFF] + Array("ogs&save=1".utf8), "The body is not UTF-8 text."),
        (Array("name=Fr%G1ogs&save=1".utf8), "The field name is not UTF-8 text."),
    ])
    func aFormThatIsNotUTF8IsRefusedAndNothingIsSaved(body: [UInt8], message: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.send(
                "/themes", body: body, type: "application/x-www-form-urlencoded")
            #expect(response.status == .badRequest)
            let said = try response.decode(ErrorJSON.self).error.message
            #expect(said == message)
            #expect(try await session.store.themes(of: browser.player).count == Theme.builtIn.count)
        }
    }

    @Test func jsonThatIsNotUTF8IsRefused() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let body =
                Array(#"{"name": "Fr"#.utf8) + [0xC3, 0x28] + Array(#"ogs", "emojis": ["🐸", "🦄"]}"#.utf8)
            let response = try await browser.send("/themes", body: body, type: "application/json")
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message == "The body is not UTF-8 text.")
        }
    }

    @Test(arguments: ["text/plain", "multipart/form-data; boundary=x", "application/xml"])
    func aBodyOfAnotherKindIsRefused(type: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.send("/set/new", body: Array("mode=solo".utf8), type: type)
            #expect(response.status == .badRequest)
            #expect(
                try response.decode(ErrorJSON.self).error.message.contains(
                    "application/x-www-form-urlencoded"))
        }
    }

    @Test(arguments: [
        ("/themes", #"{"name": "Fro"#, "The body is not well-formed JSON."),
        ("/themes", #"{"name": 5, "emojis": ["🐸", "🦄"], "color": "red"}"#, "name must be text."),
        ("/themes", #"{"name": "Frogs", "emojis": "🐸", "color": "red"}"#, "emojis must be a list."),
        ("/themes", #"{"emojis": ["🐸", "🦄"], "color": "red"}"#, "The JSON has no name."),
        ("/themes", #"[1, 2]"#, "The JSON is not an object with named fields."),
        ("/set/claim", #"{"player": "three"}"#, "player must be one or two."),
        ("/set/new", #"{"mode": "three-player"}"#, "mode must be normal, junior, chain or ultra."),
        ("/set/new", #"{"players": "three"}"#, "players must be solo or two-player."),
        ("/set/deal", #"{"version": "new"}"#, "version must be the page's move count, a whole number."),
        ("/set/color-blind", #"{}"#, "The JSON has no enabled: it must be true or false."),
    ])
    func aJSONFieldThatIsWrongIsNamed(path: String, body: String, message: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.postJSON(path, body: body)
            #expect(response.status == .badRequest)
            let said = try response.decode(ErrorJSON.self).error.message
            #expect(said == message)
        }
    }

    @Test(arguments: [
        ("/set/claim", [("player", "three")], "player must be one or two."),
        ("/set/deal", [("version", "1.5")], "version must be the page's move count, a whole number."),
        ("/set/color-blind", [("enabled", "maybe")], "enabled must be true or false."),
    ])
    func aFormFieldThatIsWrongIsNamed(path: String, form: [(String, String)], message: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.post(path, form: form, json: true)
            #expect(response.status == .badRequest)
            let said = try response.decode(ErrorJSON.self).error.message
            #expect(said == message)
        }
    }

    @Test func aMoveToANonNumberIsNamed() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let response = try await browser.post(
                "/themes/\(theme.id)/move", form: [("to", "up")], json: true)
            #expect(response.status == .badRequest)
            let said = try response.decode(ErrorJSON.self).error.message
            #expect(said == "to must be the place to move the theme to, a whole number.")
        }
    }

    // MARK: - Refused moves change nothing

    @Test func aRefusedSetMoveKeepsTheTablesVersion() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let page = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            let claimed = try await browser.post(
                "/set/claim", form: [("player", "one"), ("version", "\(page.version)")], json: true)
            let refused = try claimed.decode(SetPageJSON.self)
            #expect(refused.announcement == "This is a solo game.")
            #expect(refused.version == page.version)
            // NB: so a second tab drawn before the refusal can still play.
            let dealt = try await browser.post(
                "/set/deal", form: [("version", "\(page.version)")], json: true)
            #expect(try dealt.decode(SetPageJSON.self).version == page.version + 1)
        }
    }

    // MARK: - Broken transfers (a live server)

    @Test func aBrokenChunkedBodyIsABadRequest() async throws {
        let app = try await buildApplication(
            WebConfiguration(port: 0), database: .sqlite(SQLiteDatabase(.inMemory)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let request =
                "POST /set/new HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\n\r\nzz\r\nmode=solo\r\n0\r\n\r\n"
            // NB: 30 s, under the 60 s a kept-alive connection idles: see HTTPMethodTests.
            let answer = try await RawHTTP.exchange(request, port: port, timeLimit: .seconds(30))
            #expect(answer.hasPrefix("HTTP/1.1 400"))
        }
    }
}

extension Browser {
    /// Posts raw bytes as `type`, asking for JSON.
    func send(_ uri: String, body: [UInt8], type: String) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .post,
            headers: [.cookie: cookie, .accept: "application/json", .contentType: type],
            body: ByteBuffer(bytes: body))
    }
}
