import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableWeb

/// Whether a player hears the games' sounds (issue 46): on until they turn it off, stored on both
/// stores, kept by a merge, chosen with `POST /sound` (a form or JSON), and drawn as the toggle
/// on every game page and no other.
@Suite struct SoundTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    struct Chosen: Decodable {
        let sound: String
    }

    static let gamePages = ["/set", "/play/random"]
    static let pagesWithoutAGame = [
        "/", "/stats", "/devices", "/set/rules", "/set/daily", "/rooms/new?game=set",
    ]

    @Test(arguments: TestStores.available)
    func theChoiceIsStoredAndAMergeKeepsThePlayersOwn(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let (ana, phone, bea, laptop) = (
                PlayerID.random(), PlayerID.random(), PlayerID.random(), PlayerID.random()
            )
            #expect(try await database.pageSettings(of: ana) == PageSettings(appearance: .system, sound: .on))
            try await database.setPageSetting(Sound.off, of: ana, at: now)
            try await database.setPageSetting(Appearance.dark, of: ana, at: now)
            #expect(try await database.pageSettings(of: ana) == PageSettings(appearance: .dark, sound: .off))
            try await database.setPageSetting(Sound.on, of: phone, at: now)
            _ = try await database.mergePlayer(phone, into: ana, at: now + 1)
            #expect(try await database.pageSettings(of: ana).sound == .off)

            try await database.setPageSetting(Sound.off, of: laptop, at: now)
            _ = try await database.mergePlayer(laptop, into: bea, at: now + 1)
            #expect(try await database.pageSettings(of: bea).sound == .off)
            #expect(try await instances[0].count("SELECT count(*) FROM player_sound") == 2)
        }
    }

    @Test func theToggleIsOnEveryGamePageAndNoOther() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            for path in Self.gamePages {
                let page = try await ana.get(path).text
                #expect(page.contains(#"data-sounds data-sound="on""#), "\(path)")
                #expect(page.contains(#"name="sound" value="off""#), "\(path)")
                #expect(page.contains(#"aria-pressed="true" data-sound-button"#), "\(path)")
            }
            let room = try await ana.createRoom()
            #expect(try await ana.get(room.pageURL).text.contains("data-sounds"))
            for path in Self.pagesWithoutAGame {
                #expect(try await !ana.get(path).text.contains("data-sounds"), "\(path)")
            }
        }
    }

    @Test func aChoiceOverJSONIsAnsweredStoredAndDrawn() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let chosen = try await ana.postJSON("/sound", body: #"{"sound": "off"}"#)
            #expect(chosen.status == .ok)
            #expect(try chosen.decode(Chosen.self).sound == "off")
            #expect(try await session.store.pageSettings(of: ana.player).sound == .off)
            for path in Self.gamePages {
                let page = try await ana.get(path).text
                #expect(page.contains(#"data-sounds data-sound="off""#), "\(path)")
                #expect(page.contains(#"name="sound" value="on""#), "\(path)")
                #expect(page.contains(#"aria-pressed="false" data-sound-button"#), "\(path)")
            }
            // Another player's pages are not drawn with hers.
            #expect(try await session.newPlayer().get("/set").text.contains(#"data-sound="on""#))
        }
    }

    @Test func theFormComesBackToItsPage() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let posted = try await ana.post(
                "/sound", form: [("sound", "off")], extraHeaders: [.referer: "http://localhost/play/random"])
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/play/random")
            #expect(try await ana.get("/play/random").text.contains(#"data-sound="off""#))
        }
    }

    @Test func anUnknownSettingIsRefusedNamingTheField() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            for body in [#"{"sound": "loud"}"#, #"{"sound": true}"#, #"{}"#] {
                let refused = try await ana.postJSON("/sound", body: body)
                #expect(refused.status == .badRequest, "\(body)")
                let message = try refused.decode(ErrorJSON.self).error.message
                #expect(message.contains("sound") && message.contains("on or off"), "\(message)")
            }
            let forged = try await ana.post(
                "/sound", form: [("sound", "off")], extraHeaders: [.origin: "https://evil.example"])
            #expect(forged.status == .forbidden)
            #expect(try await session.store.pageSettings(of: ana.player).sound == .on)
        }
    }

    /// A room's join form sent back with a problem is drawn with the player's setting too.
    @Test func aFormSentBackKeepsTheSetting() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom()
            let bo = try await session.newPlayer()
            _ = try await bo.postJSON("/sound", body: #"{"sound": "off"}"#)
            let refused = try await bo.post(room.joinURL, form: [("name", String(repeating: "x", count: 81))])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(#"data-sound="off""#))
        }
    }
}
