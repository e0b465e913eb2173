import CardTableWeb
import Foundation
import SetCore
import Testing

@Suite struct SetPlayTests {
    static let table = SetFixtures.set + SetFixtures.companions.prefix(9)

    @Test func touchingASelectedCardDeselectsIt() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table)
            var json = try await browser.touch(SetFixtures.set[0])
            #expect(json["selectionState"] as? String == "selected")
            #expect(SetFixtures.cards(json)[0]["classes"] as? String == "is-selected")
            json = try await browser.touch(SetFixtures.set[0])
            #expect(json["selectionState"] as? String == "none")
            #expect(json["announcement"] as? String == "Deselected one red solid diamond.")
        }
    }

    @Test func aMatchScoresWithTheSpeedBonusAndLooksDifferent() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, deck: Array(SetFixtures.companions[9..<12]))
            var json: [String: Any] = [:]
            for card in SetFixtures.set { json = try await browser.touch(card) }
            #expect(json["selectionState"] as? String == "match")
            #expect(json["score"] as? Int == 6)
            #expect(SetFixtures.cards(json).prefix(3).allSatisfy { $0["classes"] as? String == "is-match" })
            #expect((json["announcement"] as? String)?.hasPrefix("It's a Set! Plus 6.") == true)
            // The next touch sends the Set to the discard pile and refills the table from the deck.
            json = try await browser.touch(SetFixtures.companions[0])
            #expect(json["discardCount"] as? Int == 3)
            #expect(json["deckCount"] as? Int == 0)
            #expect(json["cardCount"] as? Int == 12)
            #expect(json["selectionCount"] as? Int == 1)
            let top = try #require(json["discardTop"] as? [String: Any])
            #expect(SetFixtures.set.map(\.id).contains(top["id"] as? Int ?? -1))
        }
    }

    @Test func aMismatchSaysWhyAndCostsTwo() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            let twoRed = SetFixtures.card(1, 0, 0, 0)
            _ = try await browser.setUpSet(
                table: [SetFixtures.set[0], SetFixtures.set[1], twoRed],
                deck: Array(SetFixtures.companions.prefix(3)))
            var json: [String: Any] = [:]
            for card in [SetFixtures.set[0], SetFixtures.set[1], twoRed] {
                json = try await browser.touch(card)
            }
            #expect(json["selectionState"] as? String == "mismatch")
            #expect(json["score"] as? Int == -2)
            let why = try #require(json["whyNot"] as? String)
            #expect(why.contains("two are red, one is green"))
            #expect(why.contains("two have one symbol, one has two"))
            #expect(SetFixtures.cards(json).allSatisfy { $0["classes"] as? String == "is-mismatch" })
            #expect((SetFixtures.cards(json)[0]["label"] as? String)?.hasSuffix("not a Set") == true)
            // A touch after a mismatch selects only the touched card, even one of the trio.
            json = try await browser.touch(twoRed)
            #expect(json["selectionCount"] as? Int == 1)
            #expect(json["whyNot"] == nil)
            let page = try await browser.get("/set").text
            #expect(page.contains("data-set-why hidden"))
        }
    }

    @Test func dealThreeWithAMatchedSetClearsItWithoutPenalty() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            let deck = Array(SetFixtures.companions[9..<14])
            _ = try await browser.setUpSet(table: Self.table, deck: deck)
            for card in SetFixtures.set { _ = try await browser.touch(card) }
            let json = try await browser.post("/set/deal", json: true).json()
            #expect(json["score"] as? Int == 6)
            #expect(json["discardCount"] as? Int == 3)
            #expect(json["deckCount"] as? Int == 2)
            #expect(json["cardCount"] as? Int == 12)
            #expect(json["selectionCount"] as? Int == 0)
            #expect(json["missed"] == nil)
        }
    }

    @Test func dealThreeWithASetOnTheTableCostsThreeAndShowsTheMissedSet() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, deck: Array(SetFixtures.companions[9..<12]))
            _ = try await browser.touch(SetFixtures.companions[0])
            let json = try await browser.post("/set/deal", json: true).json()
            #expect(json["score"] as? Int == -3)
            #expect(json["cardCount"] as? Int == 15)
            #expect(json["selectionCount"] as? Int == 1)
            let missed = try #require(json["missed"] as? [String: Any])
            #expect(missed["heading"] as? String == "You dealt while a Set was on the table")
            let sets = try #require(missed["sets"] as? [[String: Any]])
            #expect(sets.count == 1)
            #expect(
                (sets[0]["cards"] as? [[String: Any]])?.map { $0["id"] as? Int } == SetFixtures.set.map(\.id))
            #expect(try await browser.get("/set").text.contains("You dealt while a Set was on the table"))
        }
    }

    @Test func dealThreeWithoutASetIsFreeAndDisabledOnceTheDeckIsEmpty() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(
                table: SetFixtures.noSetTable, deck: Array(SetFixtures.cap[12..<15]))
            var json = try await browser.post("/set/deal", json: true).json()
            #expect(json["score"] as? Int == 0)
            #expect(json["cardCount"] as? Int == 15)
            #expect(json["canDeal"] as? Bool == false)
            #expect(json["deckIsEmpty"] as? Bool == true)
            #expect(
                try await browser.get("/set").text.contains("data-set-deal aria-keyshortcuts=\"D\" disabled"))
            // Fifteen cards without a Set and an empty deck: the game is over, and Deal 3 says why not.
            #expect(json["isOver"] as? Bool == true)
            json = try await browser.post("/set/deal", json: true).json()
            #expect(json["cardCount"] as? Int == 15)
            #expect(json["announcement"] as? String == "Game over! Final score 0.")
        }
    }

    @Test func theHintShowsASetForFourPointsOnce() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table)
            var json = try await browser.post("/set/hint", json: true).json()
            #expect(json["score"] as? Int == -4)
            let hinted = SetFixtures.cards(json).filter { $0["isHinted"] as? Bool == true }.map {
                $0["id"] as? Int
            }
            #expect(hinted == SetFixtures.set.map(\.id))
            #expect((json["hint"] as? String)?.hasPrefix("Hint: one red solid diamond") == true)
            json = try await browser.post("/set/hint", json: true).json()
            #expect(json["score"] as? Int == -4)
            #expect(try await browser.get("/set").text.contains("is-none is-hinted"))
        }
    }

    @Test func theHintSaysWhenThereIsNoSet() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(
                table: SetFixtures.noSetTable, deck: Array(SetFixtures.cap[12..<15]))
            let json = try await browser.post("/set/hint", json: true).json()
            #expect(json["hint"] as? String == "Hint: there is no Set on the table. Deal 3 more cards.")
        }
    }

    @Test func theGameEndsWithTheMissedSetsReviewed() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            let others = Array(SetFixtures.companions.prefix(3))
            _ = try await browser.setUpSet(
                table: SetFixtures.set + others, deck: Array(SetFixtures.companions[3..<6]))
            _ = try await browser.post("/set/deal")
            var json: [String: Any] = [:]
            for card in SetFixtures.set { json = try await browser.touch(card) }
            // The last Set leaves the table at once: no touch is needed to end the game.
            #expect(json["isOver"] as? Bool == true)
            #expect(json["cardCount"] as? Int == 6)
            #expect(json["announcement"] as? String == "It's a Set! Plus 6. Game over! Final score 3.")
            let missed = try #require(json["missed"] as? [String: Any])
            #expect(missed["heading"] as? String == "Sets missed this game (1)")
            let page = try await browser.get("/set").text
            #expect(page.contains("<div class=\"set-game-over\" data-set-game-over>"))
            #expect(json["result"] as? String == "Final score 3.")
            #expect(json["canHint"] as? Bool == false)
            json = try await browser.post("/set/hint", json: true).json()
            #expect(json["score"] as? Int == 3)
            json = try await browser.touch(others[0])
            #expect(json["announcement"] as? String == "Game over! Final score 3.")
            #expect(json["selectionCount"] as? Int == 0)
        }
    }

    @Test func newGameStartsAgainInTheChosenMode() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table)
            _ = try await browser.post("/set/hint")
            var json = try await browser.post("/set/new", form: [("mode", "two-player")], json: true).json()
            #expect(json["mode"] as? String == "two-player")
            #expect(json["score"] as? Int == 0)
            #expect(SetFixtures.cards(json).count == 12)
            #expect((json["playerOne"] as? [String: Any])?["canClaim"] as? Bool == true)
            json = try await browser.post("/set/new", json: true).json()
            #expect(json["mode"] as? String == "solo")
            #expect(json["playerOne"] == nil)
        }
    }

    @Test func aDoublePostWithTheSameVersionDealsOnce() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, deck: Array(SetFixtures.companions[9..<14]))
            let version = try #require(try await browser.get("/set", json: true).json()["version"] as? Int)
            let page = try await browser.get("/set").text
            #expect(page.contains("name=\"version\" value=\"\(version)\""))
            for _ in 0..<2 {
                let response = try await browser.post("/set/deal", form: [("version", "\(version)")])
                #expect(response.status == .seeOther)
            }
            let json = try await browser.get("/set", json: true).json()
            #expect(json["cardCount"] as? Int == 15)
            #expect(json["score"] as? Int == -3)
            #expect(json["version"] as? Int == version + 1)
            #expect(json["announcement"] as? String == "The table changed; look again.")
            // The current version is accepted.
            let next = try await browser.post(
                "/set/cards/\(SetFixtures.set[0].id)/select", form: [("version", "\(version + 1)")],
                json: true
            ).json()
            #expect(next["selectionCount"] as? Int == 1)
        }
    }
}
