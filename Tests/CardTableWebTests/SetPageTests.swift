import CardTableWeb
import Foundation
import HTTPTypes
import SetCore
import Testing

@Suite struct SetPageTests {
    @Test func homePageLinksToSet() async throws {
        try await withSetTestApp { session in
            let page = try await session.client.execute(uri: "/", method: .get).text
            #expect(page.contains("href=\"/set\""))
        }
    }

    @Test func pageDealsTwelveCardsAsButtonsWithSpokenLabels() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            let page = try await browser.get("/set").text
            #expect(page.components(separatedBy: "data-set-card=").count - 1 == 12)
            #expect(page.contains("aria-live=\"polite\""))
            #expect(page.contains("<pattern id=\"set-stripes-red\""))
            let json = try await browser.get("/set", json: true).json()
            #expect(SetFixtures.cards(json).count == 12)
            #expect(json["deckCount"] as? Int == 69)
            #expect(json["score"] as? Int == 0)
        }
    }

    @Test func cardsAreNamedByTheirFeatures() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            let ovals = SetFixtures.card(1, 2, 1, 0)
            let json = try await browser.setUpSet(table: [ovals, SetFixtures.card(2, 1, 2, 2)])
            let cards = SetFixtures.cards(json)
            #expect(cards[0]["label"] as? String == "two red striped ovals")
            #expect(cards[1]["label"] as? String == "three purple open squiggles")
            #expect((cards[1]["symbols"] as? [Any])?.count == 3)
            let page = try await browser.get("/set").text
            #expect(page.contains("aria-label=\"two red striped ovals\""))
            #expect(page.contains("href=\"#set-squiggle\""))
        }
    }

    @Test func theDeckOrderIsNeverSent() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(seed: 3)
            let saved = try #require(try await session.store.setGame(for: browser.player))
            let json = try await browser.post("/set/deal", json: true).json()
            #expect(!SetFixtures.keys(in: json).contains("deck"))
            let text = try await browser.get("/set", json: true).text
            let deckIDs = saved.game.deck.dropFirst(3).prefix(4).map { String($0.id) }
            #expect(!text.contains(deckIDs.joined(separator: ",")))
        }
    }

    @Test func theGameSurvivesARestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cardtable.sqlite").path
        let (browser, labels) = try await withSetTestApp(store: try CardTableStore(.file(path: path))) {
            session in
            let browser = try await session.newPlayer()
            let json = try await browser.setUpSet(seed: 11)
            let first = try #require(SetFixtures.cards(json).first?["id"] as? Int)
            _ = try await browser.post("/set/cards/\(first)/select")
            _ = try await browser.post("/set/color-blind", form: [("enabled", "true")])
            let labels = SetFixtures.cards(try await browser.get("/set", json: true).json()).map {
                $0["label"] as? String
            }
            return (browser, labels)
        }
        try await withSetTestApp(store: try CardTableStore(.file(path: path))) { session in
            let again = Browser(client: session.client, cookie: browser.cookie, player: browser.player)
            let json = try await again.get("/set", json: true).json()
            #expect(SetFixtures.cards(json).map { $0["label"] as? String } == labels)
            #expect(json["selectionCount"] as? Int == 1)
            #expect(json["colorBlind"] as? Bool == true)
        }
    }

    @Test func htmlPostsRedirectBackToThePage() async throws {
        try await withSetTestApp { session in
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
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            var json = try await browser.post("/set/color-blind", form: [("enabled", "true")], json: true)
                .json()
            #expect(json["colorBlind"] as? Bool == true)
            json = try await browser.post("/set/new", json: true).json()
            #expect(json["colorBlind"] as? Bool == true)
            let page = try await browser.get("/set").text
            #expect(page.contains("set-app is-colorblind"))
            #expect(page.contains("Color-blind mode: on"))
            json = try await browser.post("/set/color-blind", form: [("enabled", "false")], json: true).json()
            #expect(json["colorBlind"] as? Bool == false)
        }
    }

    @Test func eachPlayerHasTheirOwnGame() async throws {
        try await withSetTestApp { session in
            let alice = try await session.newPlayer()
            let bob = try await session.newPlayer()
            _ = try await alice.setUpSet(table: SetFixtures.set)
            let json = try await bob.get("/set", json: true).json()
            #expect(SetFixtures.cards(json).count == 12)
        }
    }
}
