import CardTableWeb
import Foundation
import SetCore
import Testing

@Suite struct SetTwoPlayerTests {
    static let table = SetFixtures.set + SetFixtures.companions.prefix(9)

    @Test func cardsNeedAClaimAndTheClaimerScores() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, mode: "two-player")
            var json = try await browser.touch(SetFixtures.set[0])
            #expect(json["announcement"] as? String == "Press Set! first to claim the table.")
            #expect(json["selectionCount"] as? Int == 0)
            json = try await browser.post("/set/claim", form: [("player", "two")], json: true).json()
            #expect(json["announcement"] as? String == "Player 2 claims a Set: 10 seconds to select it.")
            let two = try #require(json["playerTwo"] as? [String: Any])
            let countdown = try #require(two["countdown"] as? [String: Any])
            #expect(countdown["kind"] as? String == "claim")
            #expect(countdown["seconds"] as? Double == 10)
            #expect(two["isClaiming"] as? Bool == true)
            #expect((json["playerOne"] as? [String: Any])?["canClaim"] as? Bool == false)
            #expect(json["refreshAfter"] as? Double == 10)
            for card in SetFixtures.set { json = try await browser.touch(card) }
            #expect((json["playerTwo"] as? [String: Any])?["score"] as? Int == 6)
            #expect((json["playerOne"] as? [String: Any])?["score"] as? Int == 0)
            #expect((json["announcement"] as? String)?.hasPrefix("It's a Set! Plus 6 for Player 2.") == true)
            let page = try await browser.get("/set").text
            #expect(page.contains("set-player set-player-two"))
            #expect(page.contains("data-set-player=\"one\""))
        }
    }

    @Test func aClaimTimesOutOnTheServerClock() async throws {
        let clock = ManualClock()
        try await withSetTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, mode: "two-player")
            _ = try await browser.post("/set/claim", form: [("player", "one")])
            _ = try await browser.touch(SetFixtures.set[0])
            clock.advance(by: 4)
            var json = try await browser.get("/set", json: true).json()
            let one = try #require(json["playerOne"] as? [String: Any])
            #expect((one["countdown"] as? [String: Any])?["wholeSeconds"] as? Int == 6)
            clock.advance(by: 7)
            json = try await browser.get("/set", json: true).json()
            #expect(json["announcement"] as? String == "Player 1 ran out of time, minus 2.")
            let after = try #require(json["playerOne"] as? [String: Any])
            #expect(after["score"] as? Int == -2)
            #expect(after["canClaim"] as? Bool == false)
            #expect((after["countdown"] as? [String: Any])?["kind"] as? String == "lockout")
            #expect(json["selectionCount"] as? Int == 0)
            json = try await browser.post("/set/claim", form: [("player", "one")], json: true).json()
            #expect((json["announcement"] as? String)?.hasPrefix("After a miss, wait") == true)
            json = try await browser.post("/set/claim", form: [("player", "two")], json: true).json()
            #expect((json["playerTwo"] as? [String: Any])?["isClaiming"] as? Bool == true)
        }
    }

    @Test func dealingGivesTheOtherPlayerAGracePeriod() async throws {
        try await withSetTestApp { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(
                table: SetFixtures.noSetTable,
                deck: Array(SetFixtures.cap[12..<16]) + [SetCard(id: 2)!, SetCard(id: 5)!],
                mode: "two-player")
            let json = try await browser.post("/set/deal", form: [("player", "one")], json: true).json()
            let two = try #require(json["playerTwo"] as? [String: Any])
            #expect((two["countdown"] as? [String: Any])?["kind"] as? String == "grace")
            #expect((json["playerOne"] as? [String: Any])?["canClaim"] as? Bool == false)
            #expect(two["canClaim"] as? Bool == true)
        }
    }

    @Test func aFreeMissInTheGracePeriodLocksOutAndTheLockoutEndIsScheduled() async throws {
        let clock = ManualClock()
        try await withSetTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(
                table: SetFixtures.noSetTable,
                deck: Array(SetFixtures.cap[12..<16]) + [SetCard(id: 2)!, SetCard(id: 5)!],
                mode: "two-player")
            _ = try await browser.post("/set/deal", form: [("player", "one")])
            _ = try await browser.post("/set/claim", form: [("player", "two")])
            var json: [String: Any] = [:]
            for card in SetFixtures.noSetTable.prefix(3) { json = try await browser.touch(card) }
            #expect(json["selectionState"] as? String == "mismatch")
            var two = try #require(json["playerTwo"] as? [String: Any])
            #expect(two["score"] as? Int == 0)
            #expect(two["canClaim"] as? Bool == false)
            let countdown = try #require(two["countdown"] as? [String: Any])
            #expect(countdown["kind"] as? String == "lockout")
            #expect(countdown["seconds"] as? Double == 5)
            #expect(json["refreshAfter"] as? Double == 5)
            clock.advance(by: 5)
            json = try await browser.get("/set", json: true).json()
            two = try #require(json["playerTwo"] as? [String: Any])
            #expect(two["canClaim"] as? Bool == true)
            #expect((two["countdown"] as? [String: Any])?["kind"] as? String == "grace")
            #expect(json["refreshAfter"] as? Double == 15)
            json = try await browser.post("/set/claim", form: [("player", "two")], json: true).json()
            #expect((json["playerTwo"] as? [String: Any])?["isClaiming"] as? Bool == true)
        }
    }

    @Test func aTimeoutNoticedByAnotherMoveIsAnnouncedBeforeIt() async throws {
        let clock = ManualClock()
        try await withSetTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, mode: "two-player")
            _ = try await browser.post("/set/claim", form: [("player", "one")])
            clock.advance(by: 11)
            // Without JavaScript nothing asks in between: the next move notices the timeout.
            let response = try await browser.post("/set/claim", form: [("player", "two")])
            #expect(response.status == .seeOther)
            let json = try await browser.get("/set", json: true).json()
            #expect(
                json["announcement"] as? String
                    == "Player 1 ran out of time, minus 2. Player 2 claims a Set: 10 seconds to select it.")
            #expect((json["playerOne"] as? [String: Any])?["score"] as? Int == -2)
        }
    }
}
