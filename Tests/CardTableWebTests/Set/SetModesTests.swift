import CardTableWeb
import SeededRandom
import SetCore
import SetTestSupport
import Testing

/// Junior, Set-Chain and UltraSet on the Set page: New Game in a mode, the page and its JSON
/// saying the mode, and each mode's rules as a player meets them.
@Suite struct SetModesTests {
    @Test(
        arguments: [
            ("normal", 12, nil), ("junior", 9, "Junior"), ("chain", 12, "Set-Chain"),
            ("ultra", 12, "UltraSet"),
        ] as [(String, Int, String?)])
    func newGameDealsTheChosenMode(mode: String, cards: Int, title: String?) async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let json = try await browser.postJSON("/set/new", body: #"{"mode": "\#(mode)"}"#).decode(
                SetPageJSON.self)
            #expect(json.mode == mode)
            #expect(json.players == "solo")
            #expect(json.cards.count == cards)
            #expect(json.modeTitle == title)
            #expect((json.modeRule != nil) == (mode != "normal"))
            #expect(json.matchName == (mode == "ultra" ? "UltraSet" : "Set"))
            #expect((json.previousSet != nil) == (mode == "chain"))
            // The New Game buttons deal the same mode again.
            let page = try await browser.get("/set").text
            #expect(page.contains(#"<input type="hidden" name="mode" value="\#(mode)">"#))
            #expect(page.contains(#"<option value="\#(mode)" selected>"#))
            // The modes' stylesheet comes only with a mode other than Normal (Normal's first visit
            // stays small).
            #expect(page.contains("/static/set-modes.") == (mode != "normal"))
        }
    }

    @Test func aModeAndTwoPlayersGoTogether() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let json = try await browser.post(
                "/set/new", form: [("mode", "junior"), ("players", "two-player")], json: true
            ).decode(SetPageJSON.self)
            #expect(json.mode == "junior")
            #expect(json.players == "two-player")
            #expect(json.playerOne?.canClaim == true)
            #expect(json.cards.count == 9)
        }
    }

    // MARK: - Set-Chain

    static let previousSet = SetCard.codes("1111 2222 3333")
    /// 1211 3233 make a Set with 2222; 1121 1122 1123 are a Set of table cards alone.
    static let chainTable = SetCard.codes("1211 3233 1121 1122 1123 2131")
    static let chainDeck = SetCard.allCards.filter { !chainTable.contains($0) && !previousSet.contains($0) }

    @Test func aChainedSetReusesACardOfTheLastSetShownBesideTheTable() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let start = try await browser.setUpSet(
                table: Self.chainTable, deck: Self.chainDeck, mode: "chain", previousSet: Self.previousSet)
            #expect(start.previousSet?.map(\.id) == Self.previousSet.map(\.id))
            let page = try await browser.get("/set").text
            #expect(page.contains("data-set-chain"))
            #expect(page.contains("After the first Set, every Set reuses one card of the last Set."))
            let matched = try await browser.touch(SetCard.codes("1211 2222 3233"))
            #expect(matched.selectionState == "match")
            #expect(matched.announcement.hasPrefix("It's a Set!"))
            #expect(
                matched.previousSet?.first { $0.id == SetCard.code("2222").id }?.classes.contains("is-match")
                    == true)
            let cleared = try await browser.touch(SetCard.code("1121"))
            #expect(
                Set(cleared.previousSet?.map(\.id) ?? []) == Set(SetCard.codes("1211 2222 3233").map(\.id)))
            #expect(cleared.discardCount == 2)
            // The two table cards were replaced from the deck (the table was under 12).
            #expect(cleared.cards.count == 6)
            #expect(!cleared.cards.contains { $0.id == SetCard.code("1211").id })
        }
    }

    @Test func aSetOfTableCardsAloneIsNotAChainedSet() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(
                table: Self.chainTable, deck: [], mode: "chain", previousSet: Self.previousSet)
            let json = try await browser.touch(SetCard.codes("1121 1122 1123"))
            #expect(json.selectionState == "mismatch")
            #expect(json.whyNot == "A Set must reuse exactly one card of the last Set.")
            #expect(json.score == -2)
        }
    }

    @Test func aPreviousSetOutsideSetChainOrNotASetIsRefused() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let normal = try await browser.postJSON(
                "/set/test-setup", body: #"{"mode": "normal", "table": [3, 4, 5], "previousSet": [0, 1, 2]}"#)
            #expect(normal.status == .badRequest)
            #expect(normal.text.contains("Only Set-Chain (mode chain) has a previous Set."))
            let notASet = try await browser.postJSON(
                "/set/test-setup", body: #"{"mode": "chain", "table": [3, 4, 5], "previousSet": [0, 1, 3]}"#)
            #expect(notASet.status == .badRequest)
            #expect(notASet.text.contains("The previous Set must be three cards that are a Set."))
        }
    }

    // MARK: - UltraSet

    /// Eight cards with exactly one UltraSet, and that UltraSet.
    static func ultraTable() throws -> ([SetCard], UltraSet) {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<10_000 {
            let table = Array(SetCard.allCards.shuffled(using: &generator).prefix(8))
            let matches = SetVariant.ultra.matches(onTable: table)
            if matches.count == 1, case .ultra(let ultra) = matches[0] { return (table, ultra) }
        }
        throw NoUltraTable()
    }

    struct NoUltraTable: Error {}

    @Test func anUltraSetIsFourCardsAndItsHintShowsFour() async throws {
        let (table, ultra) = try Self.ultraTable()
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let deck = SetCard.allCards.filter { !table.contains($0) }
            _ = try await browser.setUpSet(table: table, deck: deck, mode: "ultra")
            let hinted = try await browser.post("/set/hint", json: true).decode(SetPageJSON.self)
            #expect(hinted.cards.filter(\.isHinted).map(\.id).sorted() == ultra.cards.map(\.id))
            let three = try await browser.touch(Array(ultra.cards.prefix(3)))
            #expect(three.selectionState == "selected")
            #expect(three.announcement.contains("(3 of 4)"))
            let four = try await browser.touch(ultra.cards[3])
            #expect(four.selectionState == "match")
            #expect(four.announcement.hasPrefix("It's an UltraSet!"))
            let matched = four.cards.filter { $0.classes.contains("is-match") }
            #expect(matched.count == 4)
            #expect(matched.allSatisfy { $0.label.contains("selected, an UltraSet") })
        }
    }

    @Test func fourCardsThatAreNotAnUltraSetAreToldSo() async throws {
        let (table, ultra) = try Self.ultraTable()
        let other = try #require(table.first { !ultra.contains($0) })
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: table, deck: [], mode: "ultra")
            let json = try await browser.touch(Array(ultra.cards.prefix(3)) + [other])
            #expect(json.selectionState == "mismatch")
            #expect(json.whyNot == "Not an UltraSet: no two pairs of these four need the same third card.")
            #expect(json.announcement.hasPrefix("Not an UltraSet."))
        }
    }

    // MARK: - Junior

    @Test func juniorRefusesACardThatIsNotSolid() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let striped = SetCard.code("1121")
            let response = try await browser.postJSON(
                "/set/test-setup", body: #"{"mode": "junior", "table": [0, \#(striped.id)]}"#)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("Card \(striped.id) is not in the junior deck."))
        }
    }
}
