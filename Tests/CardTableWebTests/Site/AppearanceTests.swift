import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableWeb

/// The appearance a player chose (issue 34): stored on both databases, kept by a merge, chosen with
/// `POST /appearance` (a form or JSON), and named on every page's `<html>` so the first paint
/// has the right colors.
@Suite struct AppearanceTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    struct Chosen: Decodable {
        let appearance: String
    }

    @Test(arguments: TestStores.available)
    func theChoiceIsStoredAndChangedAndThePlayerStored(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let ana = PlayerID.random()
            #expect(try await database.pageSettings(of: ana).appearance == .system)
            try await database.setPageSetting(Appearance.dark, of: ana, at: now)
            #expect(try await database.pageSettings(of: ana).appearance == .dark)
            try await database.setPageSetting(Appearance.light, of: ana, at: now + 1)
            #expect(try await database.pageSettings(of: ana).appearance == .light)
            #expect(try await instances[0].count("SELECT count(*) FROM player_appearance") == 1)
            #expect(
                try await instances[0].count("SELECT count(*) FROM player WHERE id = '\(ana.rawValue)'") == 1)
        }
    }

    /// The player keeps their choice; one who never chose takes the other's.
    @Test(arguments: TestStores.available)
    func aMergeKeepsThePlayersChoiceOrTakesTheOthers(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            let (ana, phone, bea, laptop) = (
                PlayerID.random(), PlayerID.random(), PlayerID.random(), PlayerID.random()
            )
            try await database.setPageSetting(Appearance.light, of: ana, at: now)
            try await database.setPageSetting(Appearance.dark, of: phone, at: now)
            _ = try await database.mergePlayer(phone, into: ana, at: now + 1)
            #expect(try await database.pageSettings(of: ana).appearance == .light)

            let now = now
            try await database.write { try $0.storePlayer(bea, at: now) }
            try await database.setPageSetting(Appearance.dark, of: laptop, at: now)
            _ = try await database.mergePlayer(laptop, into: bea, at: now + 1)
            #expect(try await database.pageSettings(of: bea).appearance == .dark)
            #expect(try await instances[0].count("SELECT count(*) FROM player_appearance") == 2)
        }
    }

    @Test func aChoiceOverJSONIsAnsweredStoredAndDrawnOnEveryPage() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let first = try await ana.get("/stats").text
            #expect(first.contains(#"<html lang="en" data-appearance="system">"#))
            #expect(first.contains(#"<meta name="color-scheme" content="light dark">"#))
            #expect(first.contains(##"content="#16171a" media="(prefers-color-scheme: dark)""##))

            let chosen = try await ana.postJSON("/appearance", body: #"{"appearance": "dark"}"#)
            #expect(chosen.status == .ok)
            #expect(try chosen.decode(Chosen.self).appearance == "dark")
            #expect(try await session.store.pageSettings(of: ana.player).appearance == .dark)
            for path in [
                "/", "/set", "/stats", "/devices", "/set/rules", "/set/daily", "/rooms/new?game=set",
            ] {
                let page = try await ana.get(path).text
                #expect(page.contains(#"<html lang="en" data-appearance="dark">"#), "\(path)")
                #expect(page.contains(#"<meta name="color-scheme" content="dark">"#), "\(path)")
                #expect(page.contains(##"content="#16171a" media="all""##), "\(path)")
                #expect(page.contains(##"content="#1a5fb4" media="not all""##), "\(path)")
            }
            // Another player's pages are not drawn in hers.
            let bo = try await session.newPlayer()
            #expect(try await bo.get("/").text.contains(#"data-appearance="system""#))
        }
    }

    /// Ana never chose, and her page was drawn (so this instance remembers her settings); her
    /// laptop's player chose dark and links to her: her own next page is dark at once.
    @Test func aLinkThatBringsAChoiceShowsItOnTheNextPage() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            #expect(try await ana.get("/set").text.contains(#"data-appearance="system""#))
            let laptop = try await session.newPlayer()
            #expect(try await laptop.postJSON("/appearance", body: #"{"appearance": "dark"}"#).status == .ok)
            let code = try await DevicesHTTPTests.newCode(ana).code
            #expect(try await DevicesHTTPTests.link(laptop, code: code).status == .ok)
            #expect(try await ana.get("/set").text.contains(#"data-appearance="dark""#))
        }
    }

    /// The toggle cycles system → light → dark → system and comes back to the page it is on.
    @Test func theToggleIsAFormThatComesBackToItsPage() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let page = try await ana.get("/stats").text
            #expect(page.contains(#"<form class="appearance-toggle" method="post" action="/appearance""#))
            #expect(
                page.contains(
                    #"name="appearance" value="light" aria-label="Appearance: system. Switch to light.""#))

            let posted = try await ana.post(
                "/appearance", form: [("appearance", "light")],
                extraHeaders: [.referer: "http://localhost/stats"])
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/stats")
            let light = try await ana.get("/stats").text
            #expect(light.contains(#"data-appearance="light""#))
            #expect(
                light.contains(
                    #"name="appearance" value="dark" aria-label="Appearance: light. Switch to dark.""#))

            let withQuery = try await ana.post(
                "/appearance", form: [("appearance", "dark")],
                extraHeaders: [.referer: "http://localhost/rooms/new?game=set"])
            #expect(withQuery.headers[.location] == "/rooms/new?game=set")
            let unsent = try await ana.post("/appearance", form: [("appearance", "dark")])
            #expect(unsent.headers[.location] == "/")
            let dark = try await ana.get("/").text
            #expect(
                dark.contains(
                    #"name="appearance" value="system" aria-label="Appearance: dark. Switch to system.""#))
        }
    }

    /// The page's address is not written into the toggle: a code typed into an address (as a
    /// recovery code could be) is not shown again.
    @Test func thePagesAddressIsNotShownAgain() async throws {
        try await withTestApp { session in
            let page = try await session.newPlayer().get("/devices?code=ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2").text
            #expect(!page.contains("ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2"))
        }
    }

    @Test func anUnknownAppearanceIsRefusedNamingTheField() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            for body in [#"{"appearance": "sepia"}"#, #"{"appearance": 2}"#, #"{}"#] {
                let refused = try await ana.postJSON("/appearance", body: body)
                #expect(refused.status == .badRequest, "\(body)")
                let message = try refused.decode(ErrorJSON.self).error.message
                #expect(message.contains("appearance"), "\(message)")
                #expect(message.contains("system, light or dark"), "\(message)")
            }
            let form = try await ana.post("/appearance", form: [("appearance", "Dark")])
            #expect(form.status == .badRequest)
            #expect(form.text.contains("appearance must be system, light or dark."))
            #expect(try await session.store.pageSettings(of: ana.player).appearance == .system)
        }
    }

    @Test func aChoiceFromAnotherSiteIsRefused() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let forged = try await ana.post(
                "/appearance", form: [("appearance", "dark")], extraHeaders: [.origin: "https://evil.example"]
            )
            #expect(forged.status == .forbidden)
            #expect(try await session.store.pageSettings(of: ana.player).appearance == .system)
        }
    }

    /// A form sent back with a problem is drawn in the player's appearance too.
    @Test func aFormSentBackKeepsTheAppearance() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            _ = try await ana.postJSON("/appearance", body: #"{"appearance": "dark"}"#)
            let refused = try await ana.post(
                "/devices/name", form: [("name", String(repeating: "x", count: 41))])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(#"data-appearance="dark""#))
        }
    }
}
