import CardTableWeb
import SetCore
import SetTestSupport
import Testing

@Suite struct SetPlayTests {
    static let table = SetFixtures.set + SetFixtures.companions.prefix(9)

    @Test func touchingASelectedCardDeselectsIt() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table)
            var json = try await browser.touch(SetFixtures.set[0])
            #expect(json.selectionState == "selected")
            #expect(json.cards[0].classes == "is-selected")
            json = try await browser.touch(SetFixtures.set[0])
            #expect(json.selectionState == "none")
            #expect(json.announcement == "Deselected one red solid diamond.")
        }
    }

    @Test func aMatchScoresWithTheSpeedBonusAndLooksDifferent() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, deck: Array(SetFixtures.companions[9..<12]))
            var json = try await browser.touch(SetFixtures.set)
            #expect(json.selectionState == "match")
            #expect(json.score == 6)
            #expect(json.cards.prefix(3).allSatisfy { $0.classes == "is-match" })
            #expect(json.announcement.hasPrefix("It's a Set! Plus 6."))
            // The next touch sends the Set to the discard pile and refills the table from the deck.
            json = try await browser.touch(SetFixtures.companions[0])
            #expect(json.discardCount == 3)
            #expect(json.deckCount == 0)
            #expect(json.cardCount == 12)
            #expect(json.selectionCount == 1)
            let top = try #require(json.discardTop)
            #expect(SetFixtures.set.map(\.id).contains(top.id))
        }
    }

    @Test func aMismatchSaysWhyAndCostsTwo() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let twoRed = SetCard.code("2111")
            _ = try await browser.setUpSet(
                table: [SetFixtures.set[0], SetFixtures.set[1], twoRed],
                deck: Array(SetFixtures.companions.prefix(3)))
            var json = try await browser.touch([SetFixtures.set[0], SetFixtures.set[1], twoRed])
            #expect(json.selectionState == "mismatch")
            #expect(json.score == -2)
            let why = try #require(json.whyNot)
            #expect(why.contains("two are red, one is green"))
            #expect(why.contains("two have one symbol, one has two"))
            #expect(json.cards.allSatisfy { $0.classes == "is-mismatch" })
            #expect(json.cards[0].label.hasSuffix("not a Set"))
            // A touch after a mismatch selects only the touched card, even one of the trio.
            json = try await browser.touch(twoRed)
            #expect(json.selectionCount == 1)
            #expect(json.whyNot == nil)
            let page = try await browser.get("/set").text
            #expect(page.contains("data-set-why hidden"))
        }
    }

    @Test func dealThreeWithAMatchedSetClearsItWithoutPenalty() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let deck = Array(SetFixtures.companions[9..<14])
            _ = try await browser.setUpSet(table: Self.table, deck: deck)
            for card in SetFixtures.set { _ = try await browser.touch(card) }
            let json = try await browser.post("/set/deal", json: true).decode(SetPageJSON.self)
            #expect(json.score == 6)
            #expect(json.discardCount == 3)
            #expect(json.deckCount == 2)
            #expect(json.cardCount == 12)
            #expect(json.selectionCount == 0)
            #expect(json.missed == nil)
        }
    }

    @Test func dealThreeWithASetOnTheTableCostsThreeAndShowsTheMissedSet() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, deck: Array(SetFixtures.companions[9..<12]))
            _ = try await browser.touch(SetFixtures.companions[0])
            let json = try await browser.post("/set/deal", json: true).decode(SetPageJSON.self)
            #expect(json.score == -3)
            #expect(json.cardCount == 15)
            #expect(json.selectionCount == 1)
            let missed = try #require(json.missed)
            #expect(missed.heading == "You dealt while a Set was on the table")
            #expect(missed.sets.count == 1)
            #expect(missed.sets.first?.cards.map(\.id) == SetFixtures.set.map(\.id))
            #expect(try await browser.get("/set").text.contains("You dealt while a Set was on the table"))
        }
    }

    @Test func dealThreeWithoutASetIsFreeAndDisabledOnceTheDeckIsEmpty() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(
                table: SetFixtures.noSetTable, deck: Array(SetFixtures.cap[12..<15]))
            var json = try await browser.post("/set/deal", json: true).decode(SetPageJSON.self)
            #expect(json.score == 0)
            #expect(json.cardCount == 15)
            #expect(!json.canDeal)
            #expect(json.deckIsEmpty)
            #expect(
                try await browser.get("/set").text.contains(
                    "data-set-deal aria-keyshortcuts=\"Shift+D\" disabled"))
            // Fifteen cards without a Set and an empty deck: the game is over, and Deal 3 says why not.
            #expect(json.isOver)
            json = try await browser.post("/set/deal", json: true).decode(SetPageJSON.self)
            #expect(json.cardCount == 15)
            #expect(json.announcement == "Game over! Final score 0.")
        }
    }

    /// The clock starts at the first move, runs on between moves, and stops at the last Set; the
    /// game-over summary gives the Sets found and the time.
    @Test func theGameClockRunsFromTheFirstMoveToTheLastSet() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let others = Array(SetFixtures.companions.prefix(3))
            var json = try await browser.setUpSet(table: SetFixtures.set + others)
            #expect(json.time == PlayingClockJSON(seconds: 0, clock: "0:00", isRunning: false))
            clock.advance(by: 20)
            json = try await browser.touch(SetFixtures.set[0])
            #expect(json.time == PlayingClockJSON(seconds: 0, clock: "0:00", isRunning: true))
            clock.advance(by: 65)
            var page = try await browser.get("/set").text
            #expect(page.contains(#"<time data-clock data-seconds="65" data-running>1:05</time>"#))
            json = try await browser.touch(Array(SetFixtures.set.dropFirst()))
            #expect(json.isOver)
            #expect(json.setsFound == 1)
            clock.advance(by: 300)
            json = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            #expect(json.time == PlayingClockJSON(seconds: 65, clock: "1:05", isRunning: false))
            page = try await browser.get("/set").text
            #expect(page.contains(#"<time data-clock data-seconds="65">1:05</time>"#))
            #expect(page.contains("Sets found <strong>1</strong> · Time <strong>1:05</strong>"))
        }
    }

    @Test func theHintShowsASetForFourPointsOnce() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table)
            var json = try await browser.post("/set/hint", json: true).decode(SetPageJSON.self)
            #expect(json.score == -4)
            let hinted = json.cards.filter(\.isHinted).map(\.id)
            #expect(hinted == SetFixtures.set.map(\.id))
            #expect(json.hint?.hasPrefix("Hint: one red solid diamond") == true)
            // NB: the live region reads both lines: the announcement gives the cost, not the cards again.
            #expect(json.announcement == "Hint shown below: minus 4. Score -4.")
            json = try await browser.post("/set/hint", json: true).decode(SetPageJSON.self)
            #expect(json.score == -4)
            #expect(json.announcement == "The same hint again, at no cost.")
            #expect(try await browser.get("/set").text.contains("is-none is-hinted"))
        }
    }

    @Test func theHintSaysWhenThereIsNoSet() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(
                table: SetFixtures.noSetTable, deck: Array(SetFixtures.cap[12..<15]))
            let json = try await browser.post("/set/hint", json: true).decode(SetPageJSON.self)
            #expect(json.hint == "Hint: there is no Set on the table. Deal 3 more cards.")
        }
    }

    @Test func theGameEndsWithTheMissedSetsReviewed() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let others = Array(SetFixtures.companions.prefix(3))
            _ = try await browser.setUpSet(
                table: SetFixtures.set + others, deck: Array(SetFixtures.companions[3..<6]))
            _ = try await browser.post("/set/deal")
            var json = try await browser.touch(SetFixtures.set)
            // The last Set leaves the table at once: no touch is needed to end the game.
            #expect(json.isOver)
            #expect(json.cardCount == 6)
            #expect(json.announcement == "It's a Set! Plus 6. Game over! Final score 3.")
            let missed = try #require(json.missed)
            #expect(missed.heading == "Sets missed this game (1)")
            let page = try await browser.get("/set").text
            #expect(page.contains("<div class=\"set-game-over\" data-set-game-over>"))
            #expect(json.result == "Final score 3.")
            #expect(!json.canHint)
            json = try await browser.post("/set/hint", json: true).decode(SetPageJSON.self)
            #expect(json.score == 3)
            json = try await browser.touch(others[0])
            #expect(json.announcement == "Game over! Final score 3.")
            #expect(json.selectionCount == 0)
        }
    }

    @Test func newGameStartsAgainInTheChosenMode() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table)
            _ = try await browser.post("/set/hint")
            var json = try await browser.post("/set/new", form: [("mode", "two-player")], json: true).decode(
                SetPageJSON.self)
            #expect(json.players == "two-player")
            #expect(json.mode == "normal")
            #expect(json.score == 0)
            #expect(json.cards.count == 12)
            #expect(json.playerOne?.canClaim == true)
            json = try await browser.post("/set/new", json: true).decode(SetPageJSON.self)
            #expect(json.players == "solo")
            #expect(json.playerOne == nil)
        }
    }

    @Test func aDoublePostWithTheSameVersionDealsOnce() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, deck: Array(SetFixtures.companions[9..<14]))
            let version = try await browser.get("/set", json: true).decode(SetPageJSON.self).version
            let page = try await browser.get("/set").text
            #expect(page.contains("name=\"version\" value=\"\(version)\""))
            for _ in 0..<2 {
                let response = try await browser.post("/set/deal", form: [("version", "\(version)")])
                #expect(response.status == .seeOther)
            }
            let json = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            #expect(json.cardCount == 15)
            #expect(json.score == -3)
            #expect(json.version == version + 1)
            #expect(json.announcement == "The table changed; look again.")
            // The current version is accepted.
            let next = try await browser.post(
                "/set/cards/\(SetFixtures.set[0].id)/select", form: [("version", "\(version + 1)")],
                json: true
            ).decode(SetPageJSON.self)
            #expect(next.selectionCount == 1)
        }
    }
}
