import SetCore
import SetTestSupport
import Testing

@testable import CardTableWeb

@Suite struct SetTwoPlayerTests {
    static let table = SetFixtures.set + SetFixtures.companions.prefix(9)

    @Test func cardsNeedAClaimAndTheClaimerScores() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, mode: "two-player")
            var json = try await browser.touch(SetFixtures.set[0])
            #expect(json.announcement == "Press Set! first to claim the table.")
            #expect(json.selectionCount == 0)
            json = try await browser.post("/set/claim", form: [("player", "two")], json: true).decode(
                SetPageJSON.self)
            #expect(json.announcement == "Player 2 claims a Set: 10 seconds to select it.")
            let two = try #require(json.playerTwo)
            let countdown = try #require(two.countdown)
            #expect(countdown.kind == "claim")
            #expect(countdown.seconds == 10)
            #expect(two.isClaiming)
            #expect(json.playerOne?.canClaim == false)
            #expect(json.refreshAfter == 10)
            json = try await browser.touch(SetFixtures.set)
            #expect(json.playerTwo?.score == 6)
            #expect(json.playerOne?.score == 0)
            #expect(json.announcement.hasPrefix("It's a Set! Plus 6 for Player 2."))
            let page = try await browser.get("/set").text
            #expect(page.contains("set-player set-player-two"))
            #expect(page.contains("data-set-player=\"one\""))
        }
    }

    @Test func theOtherPlayerCannotBuyAHintDuringAClaim() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, mode: "two-player")
            var json = try await browser.post("/set/claim", form: [("player", "one")], json: true).decode(
                SetPageJSON.self)
            #expect(json.playerOne?.canHint == true)
            #expect(json.playerTwo?.canHint == false)
            #expect(
                try await browser.get("/set").text.contains(
                    #"<input type="hidden" name="player" value="two"><button type="submit" class="button" data-set-player-hint disabled>"#
                ))
            json = try await browser.post("/set/hint", form: [("player", "two")], json: true).decode(
                SetPageJSON.self)
            #expect(json.hint == nil)
            #expect(json.playerTwo?.score == 0)
            #expect(json.announcement.contains("Player 1"))
            json = try await browser.post("/set/hint", form: [("player", "one")], json: true).decode(
                SetPageJSON.self)
            #expect(json.hint != nil)
            #expect(json.playerOne?.score == -4)
            #expect(json.announcement == "Hint shown below: minus 4 for Player 1.")
        }
    }

    @Test func aClaimTimesOutOnTheServerClock() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, mode: "two-player")
            _ = try await browser.post("/set/claim", form: [("player", "one")])
            _ = try await browser.touch(SetFixtures.set[0])
            clock.advance(by: 4)
            var json = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            let one = try #require(json.playerOne)
            #expect(one.countdown?.wholeSeconds == 6)
            clock.advance(by: 7)
            json = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            #expect(json.announcement == "Player 1 ran out of time, minus 2.")
            let after = try #require(json.playerOne)
            #expect(after.score == -2)
            #expect(!after.canClaim)
            #expect(after.countdown?.kind == "lockout")
            #expect(json.selectionCount == 0)
            json = try await browser.post("/set/claim", form: [("player", "one")], json: true).decode(
                SetPageJSON.self)
            #expect(json.announcement.hasPrefix("After a miss, wait"))
            json = try await browser.post("/set/claim", form: [("player", "two")], json: true).decode(
                SetPageJSON.self)
            #expect(json.playerTwo?.isClaiming == true)
        }
    }

    /// The end breakdown names a claim that ran out for what it was, not a wrong Set, and the
    /// history counts no trio tried for it.
    @Test func aClaimOutOfTimeIsNamedSoAtTheEnd() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, deck: [], mode: "two-player")
            _ = try await browser.post("/set/claim", form: [("player", "one")])
            // The claim runs out after 10 s and locks player one out for 5 more.
            clock.advance(by: 16)
            _ = try await browser.post("/set/claim", form: [("player", "one")])
            let over = try await browser.touch(SetFixtures.set)
            #expect(over.isOver)
            // 3 points and a speed bonus of 2 (16 s after the deal), less 2 for the claim.
            #expect(over.playerOne?.score == 3)
            let page = try await browser.get("/set").text
            #expect(
                page.contains(
                    #"<p class="set-breakdown">Player 1: 1 Set: 5 points − 2 for 1 claim out of time.</p>"#))
            #expect(page.contains(#"<p class="set-breakdown">Player 2: 0 Sets: 0 points.</p>"#))
            #expect(!page.contains("wrong Set"))
            let game = try #require(try await session.store.finishedGames(of: browser.player).first)
            #expect(
                game.breakdown
                    == .set(SetTally(sets: 1, setPoints: 5, claimsOutOfTime: 1, claimOutOfTimePenalties: 2)))
            #expect(game.moves == 1)
        }
    }

    @Test func dealingGivesTheOtherPlayerAGracePeriod() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(
                table: SetFixtures.noSetTable,
                deck: Array(SetFixtures.cap[12..<16]) + SetCard.codes("1113 1123"),
                mode: "two-player")
            let json = try await browser.post("/set/deal", form: [("player", "one")], json: true).decode(
                SetPageJSON.self)
            let two = try #require(json.playerTwo)
            #expect(two.countdown?.kind == "grace")
            #expect(json.playerOne?.canClaim == false)
            #expect(two.canClaim)
        }
    }

    @Test func aFreeMissInTheGracePeriodLocksOutAndTheLockoutEndIsScheduled() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(
                table: SetFixtures.noSetTable,
                deck: Array(SetFixtures.cap[12..<16]) + SetCard.codes("1113 1123"),
                mode: "two-player")
            _ = try await browser.post("/set/deal", form: [("player", "one")])
            _ = try await browser.post("/set/claim", form: [("player", "two")])
            var json = try await browser.touch(Array(SetFixtures.noSetTable.prefix(3)))
            #expect(json.selectionState == "mismatch")
            var two = try #require(json.playerTwo)
            #expect(two.score == 0)
            #expect(!two.canClaim)
            let countdown = try #require(two.countdown)
            #expect(countdown.kind == "lockout")
            #expect(countdown.seconds == 5)
            #expect(json.refreshAfter == 5)
            clock.advance(by: 5)
            json = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            two = try #require(json.playerTwo)
            #expect(two.canClaim)
            #expect(two.countdown?.kind == "grace")
            #expect(json.refreshAfter == 15)
            json = try await browser.post("/set/claim", form: [("player", "two")], json: true).decode(
                SetPageJSON.self)
            #expect(json.playerTwo?.isClaiming == true)
        }
    }

    @Test func aTimeoutNoticedByAnotherMoveIsAnnouncedBeforeIt() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.setUpSet(table: Self.table, mode: "two-player")
            _ = try await browser.post("/set/claim", form: [("player", "one")])
            clock.advance(by: 11)
            // Without JavaScript nothing asks in between: the next move notices the timeout.
            let response = try await browser.post("/set/claim", form: [("player", "two")])
            #expect(response.status == .seeOther)
            let json = try await browser.get("/set", json: true).decode(SetPageJSON.self)
            #expect(
                json.announcement
                    == "Player 1 ran out of time, minus 2. Player 2 claims a Set: 10 seconds to select it.")
            #expect(json.playerOne?.score == -2)
        }
    }
}
