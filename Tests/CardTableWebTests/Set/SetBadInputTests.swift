import CardTableHTTP
import CardTableWeb
import HTTPTypes
import SetCore
import Testing

@Suite struct SetBadInputTests {
    @Test(arguments: ["81", "-1", "abc", "1.5"])
    func unknownCardsAreNotFound(card: String) async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let response = try await browser.post("/set/cards/\(card)/select", json: true)
            #expect(response.status == .notFound)
            let error = try response.decode(ErrorJSON.self).error
            #expect(error.status == 404)
            let said =
                Int(card) == nil
                ? "There is nothing at this address: its card must be a card's number, 0 to 80."
                : "There is no card \(card): Set's cards are numbered 0 to 80."
            #expect(error.message == said)
        }
    }

    @Test func aCardNotOnTheTableIsRefusedInWords() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: SetFixtures.set)
            let json = try await browser.touch(SetFixtures.companions[0])
            #expect(json.announcement == "That card is no longer on the table.")
        }
    }

    @Test(arguments: [
        ("/set/deal", "player", "three"), ("/set/hint", "player", "0"), ("/set/claim", "player", ""),
        ("/set/new", "mode", "chess"), ("/set/color-blind", "enabled", "perhaps"),
    ])
    func malformedFormsAreBadRequests(path: String, field: String, value: String) async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let response = try await browser.post(path, form: [(field, value)])
            #expect(response.status == .badRequest)
        }
    }

    @Test func colorBlindNeedsAValue() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            #expect(try await browser.post("/set/color-blind").status == .badRequest)
        }
    }

    @Test func dealingFromAnEmptyDeckIsRefusedInWords() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: SetFixtures.set)
            let json = try await browser.post("/set/deal", json: true).decode(SetPageJSON.self)
            #expect(json.announcement == "The deck is empty.")
            #expect(!json.canDeal)
            #expect(json.score == 0)
        }
    }

    @Test func claimingInASoloGameChangesNothing() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let json = try await browser.post("/set/claim", form: [("player", "one")], json: true).decode(
                SetPageJSON.self)
            #expect(json.announcement == "This is a solo game.")
            #expect(json.score == 0)
            let hint = try await browser.post("/set/hint", form: [("player", "two")], json: true).decode(
                SetPageJSON.self)
            #expect(hint.score == 0)
        }
    }

    @Test func testSetupsAreOffUnlessTheAppAllowsThem() async throws {
        try await withTestApp(clock: .manual, allowsTestSetups: false) { session in
            let browser = try await session.newPlayer()
            let response = try await browser.postJSON("/set/test-setup", body: "{\"seed\": 1}")
            #expect(response.status == .notFound)
        }
    }

    @Test(arguments: [
        "{\"table\": [1, 1]}", "{\"table\": [1, 2, 3], \"deck\": [3]}", "{\"table\": [81]}",
        "{\"table\": [], \"discardPile\": [0, 1, 3]}", "{\"mode\": \"chess\"}", "not json",
        "{\"seed\": 1, \"table\": [1, 2, 3]}", "{\"seed\": 1, \"deck\": [4]}", "{\"deck\": [4]}",
    ])
    func badTestSetupsAreRefused(body: String) async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let response = try await browser.postJSON("/set/test-setup", body: body)
            #expect(response.status == .badRequest)
        }
    }

    @Test func aTestSetupMustBeJSON() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            #expect(try await browser.post("/set/test-setup", form: [("seed", "1")]).status == .badRequest)
        }
    }

    @Test func foreignOriginsAreRefused() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let response = try await browser.post(
                "/set/deal", extraHeaders: [.origin: "https://evil.example"])
            #expect(response.status == .forbidden)
        }
    }

    @Test func aTestSetupCanPutAll81CardsOnTheTable() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let json = try await browser.setUpSet(table: SetCard.allCards)
            #expect(json.cardCount == 81)
            #expect(!json.canDeal)
            let page = try await browser.get("/set").text
            #expect(page.components(separatedBy: "data-set-card=").count - 1 == 81)
        }
    }
}
