import HTTPTypes
import SetCore
import SetTestSupport
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

@Suite struct SetPageTests {
    @Test func homePageLinksToSet() async throws {
        try await withTestApp(clock: .manual) { session in
            let page = try await session.client.execute(uri: "/", method: .get).text
            #expect(page.contains("href=\"/set\""))
        }
    }

    @Test func pageDealsTwelveCardsAsButtonsWithSpokenLabels() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let page = try await browser.get("/set").text
            #expect(page.components(separatedBy: "data-set-card=").count - 1 == 12)
            #expect(page.contains("aria-live=\"polite\""))
            #expect(page.contains("<pattern id=\"set-stripes-red\""))
            let json = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            #expect(json.cards.count == 12)
            #expect(json.deckCount == 69)
            #expect(json.score == 0)
        }
    }

    @Test func cardsAreNamedByTheirFeatures() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let json = try await browser.setUpSet(table: SetCard.codes("2321 3233"))
            #expect(json.cards[0].label == "two red striped ovals")
            #expect(json.cards[1].label == "three purple open squiggles")
            #expect(json.cards[1].symbols.count == 3)
            let page = try await browser.get("/set").text
            #expect(page.contains("aria-label=\"two red striped ovals\""))
            #expect(page.contains("href=\"#set-squiggle\""))
        }
    }

    @Test func theDeckOrderIsNeverSent() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(seed: 3)
            let saved = try #require(try await session.store.setGame(for: browser.player))
            let keys = try await browser.post("/set/deal", json: true).jsonKeys()
            #expect(!keys.contains("deck"))
            let text = try await browser.get("/set", json: true).text
            let deckIDs = saved.game.deck.dropFirst(3).prefix(4).map { String($0.id) }
            #expect(!text.contains(deckIDs.joined(separator: ",")))
        }
    }

    @Test func theGameSurvivesARestart() async throws {
        try await withTemporaryDatabase { path in
            let store = { try SQLiteDatabase(.file(path: path)) }
            let (browser, labels) = try await withTestApp(clock: .manual, store: try store()) { session in
                let browser = try await session.newPlayer()
                let json = try await browser.setUpSet(seed: 11)
                let first = try #require(json.cards.first?.id)
                _ = try await browser.post("/set/cards/\(first)/select")
                _ = try await browser.post("/set/color-blind", form: [("enabled", "true")])
                let page = try await browser.get("/set", json: true).decode(SetPageJSON.self)
                return (browser, page.cards.map(\.label))
            }
            try await withTestApp(clock: .manual, store: try store()) { session in
                let again = Browser(client: session.client, cookie: browser.cookie, player: browser.player)
                let json = try await again.get("/set", json: true).decode(SetPageJSON.self)
                #expect(json.cards.map(\.label) == labels)
                #expect(json.selectionCount == 1)
                #expect(json.colorBlind)
            }
        }
    }

    @Test func htmlPostsRedirectBackToThePage() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: SetFixtures.set + SetFixtures.companions.prefix(9))
            let response = try await browser.post("/set/cards/\(SetFixtures.set[0].id)/select")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/set")
            let page = try await browser.get("/set").text
            #expect(page.contains("one red solid diamond, selected"))
            #expect(page.contains("Selected one red solid diamond (1 of 3)."))
        }
    }

    @Test func colorBlindModeIsRememberedAcrossNewGames() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            var json = try await browser.post("/set/color-blind", form: [("enabled", "true")], json: true)
                .decode(SetPageJSON.self)
            #expect(json.colorBlind)
            json = try await browser.post("/set/new", json: true).decode(SetPageJSON.self)
            #expect(json.colorBlind)
            let page = try await browser.get("/set").text
            #expect(page.contains("set-app is-colorblind"))
            #expect(page.contains("Color-blind mode: on"))
            json = try await browser.post("/set/color-blind", form: [("enabled", "false")], json: true)
                .decode(SetPageJSON.self)
            #expect(!json.colorBlind)
        }
    }

    @Test func eachPlayerHasTheirOwnGame() async throws {
        try await withTestApp(clock: .manual) { session in
            let alice = try await session.newPlayer()
            let bob = try await session.newPlayer()
            _ = try await alice.setUpSet(table: SetFixtures.set)
            let json = try await bob.get("/set", json: true).decode(SetPageJSON.self)
            #expect(json.cards.count == 12)
        }
    }

    /// The rules page states the engine's numbers, and the game links to it.
    @Test func howToPlayAndScore() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let page = try await browser.get("/set")
            #expect(page.text.contains(#"<a class="button" href="/set/rules">How to play and score</a>"#))
            let rules = try await browser.get("/set/rules")
            #expect(rules.status == .ok)
            let scoring = SetScoring.standard
            #expect(rules.text.contains("A Set: <strong>+\(scoring.matchPoints)</strong>"))
            #expect(rules.text.contains("A hint: <strong>−\(scoring.hintPenalty)</strong>"))
            #expect(rules.text.contains("within \(Int(TwoPlayerRules.standard.claimTimeLimit)) seconds"))
            #expect(try await browser.post("/set/rules").status == .methodNotAllowed)
        }
    }
}
