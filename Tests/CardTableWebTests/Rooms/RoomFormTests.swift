import Foundation
import HTTPTypes
import HummingbirdTesting
import MemorizeCore
import Testing

@testable import CardTableWeb

/// A room form a browser posts and the server refuses (a code that finds no room, a name taken or
/// refused) keeps the player on its page: the same page again with the error's status, what they
/// typed kept, the field marked invalid and described by the message beside it. API clients keep
/// their JSON errors.
@Suite struct RoomFormTests {
    /// The `<input>` with `id` in `html`.
    static func field(_ id: String, in html: String) throws -> String {
        String(try #require(html.firstMatch(of: try Regex("<input id=\"\(id)\"[^>]*>"))).0)
    }

    /// Checks that `html` sends `field` back holding `typed` (as the page escapes it) with
    /// `message` beside it.
    static func expectSentBack(
        _ html: String, field id: String, holding typed: String, message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let input = try field(id, in: html)
        #expect(input.contains(#"value="\#(typed)""#), "\(input)", sourceLocation: sourceLocation)
        #expect(input.contains(#"aria-invalid="true""#), sourceLocation: sourceLocation)
        #expect(input.contains(#"aria-describedby="\#(id)-messages""#), sourceLocation: sourceLocation)
        #expect(
            html.contains(#"<ul class="field-messages" id="\#(id)-messages"><li>\#(message)</li></ul>"#),
            "\(message)", sourceLocation: sourceLocation)
    }

    @Test func aCodeThatFindsNoRoomSendsBackTheHomePage() async throws {
        // (A clock that stands still, so no failed look-up is forgiven during the test.)
        try await withTestApp(clock: .manual) { session in
            let bo = try await session.newPlayer()
            let badCode =
                "code must be the six letters and digits of a room, like K7Q-X4P (codes have no 0, 1, I, L or O)."
            for (typed, escaped, status, message) in [
                ("k0q x4p", "k0q x4p", HTTPResponse.Status.badRequest, badCode),
                ("<b>K7Q", "&lt;b&gt;K7Q", .badRequest, badCode),
                (
                    "ZZZ-ZZZ", "ZZZ-ZZZ", .notFound,
                    "There is no room ZZZ-ZZZ: check the code, or make a new room."
                ),
            ] {
                let response = try await bo.get("/rooms/find?code=\(Browser.encode(typed))")
                #expect(response.status == status, "\(typed)")
                let html = response.text
                #expect(html.contains(#"<h1 class="page-title">CardTable</h1>"#), "the home page")
                #expect(html.contains(#"<label for="room-code">Join a room</label>"#))
                #expect(!html.contains("<b>K7Q"))
                try Self.expectSentBack(html, field: "room-code", holding: escaped, message: message)
            }
            // A code that names no room still counts as a guess: nine more, and the next waits.
            for last in "23456789A" {
                #expect(try await bo.get("/rooms/find?code=ZZZZZ\(last)").status == .notFound)
            }
            #expect(try await bo.get("/rooms/find?code=ZZZZZB").status == .tooManyRequests)
        }
    }

    @Test func aNameTakenOrRefusedSendsBackTheRoomPage() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            let tooLong = String(repeating: "<b>", count: 14)
            for (typed, escaped, status, message) in [
                (
                    "ＡＮＡ", "ＡＮＡ", HTTPResponse.Status.unprocessableContent,
                    "Someone in the room is already called ＡＮＡ; pick another name."
                ),
                ("   ", "   ", .badRequest, "Type a name to show the others."),
                (
                    tooLong, String(repeating: "&lt;b&gt;", count: 14), .badRequest,
                    "A name can be up to 40 characters long."
                ),
            ] {
                let response = try await bo.post(room.joinURL, form: [("name", typed)])
                #expect(response.status == status, "\(typed)")
                let html = response.text
                #expect(html.contains(#"data-room data-code="\#(room.code)""#), "the room page")
                #expect(html.contains(#"<form method="post" action="\#(room.joinURL)""#))
                #expect(!html.contains("<b><b>"))
                try Self.expectSentBack(html, field: "room-name", holding: escaped, message: message)
            }
            #expect(try await bo.snapshot(room).you == nil)
            // An API client is answered in JSON, as before.
            let json = try await bo.postJSON(room.joinURL, body: #"{"name": "Ana"}"#)
            #expect(json.status == .unprocessableContent)
            #expect(
                try json.decode(ErrorJSON.self).error.message
                    == "Someone in the room is already called Ana; pick another name.")
            // A name that is free joins, as before.
            let joined = try await bo.post(room.joinURL, form: [("name", "Bo")])
            #expect(joined.status == .seeOther)
            #expect(joined.headers[.location] == room.pageURL)
        }
    }

    @Test func aRefusedNameSendsBackTheNewRoomForm() async throws {
        try await withTestApp { session in
            let host = try await session.newPlayer()
            let theme = try await session.store.addTheme(
                Theme(name: "Pets", emojis: ["🐶", "🐱"], color: "blue"), for: host.player)
            let response = try await host.post(
                "/rooms", form: [("game", "memorize"), ("themeID", "\(theme.id)"), ("name", "\u{200B} ")])
            #expect(response.status == .badRequest)
            let html = response.text
            #expect(html.contains(#"<form method="post" action="/rooms" class="room-join">"#))
            #expect(html.contains(#"<input type="hidden" name="game" value="memorize">"#))
            #expect(html.contains(#"<input type="hidden" name="themeID" value="\#(theme.id)">"#))
            try Self.expectSentBack(
                html, field: "room-name", holding: "\u{200B} ", message: "Type a name to show the others.")
            // An API client is answered in JSON, as before.
            let json = try await host.postJSON("/rooms", body: #"{"game": "set", "name": " "}"#)
            #expect(json.status == .badRequest)
            #expect(try json.decode(ErrorJSON.self).error.message == "name: Type a name to show the others.")
        }
    }
}
