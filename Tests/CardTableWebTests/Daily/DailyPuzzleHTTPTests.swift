import Foundation
import SetCore
import Testing

@testable import CardTableWeb

/// The daily puzzle through HTTP: today's and earlier days' puzzles (never a later day's), starting,
/// claims, a replay that leaves the first solve counting, the archive, and streaks across days.
@Suite struct DailyPuzzleHTTPTests {
    /// The test clock's first day, 1970-01-12 (it starts at 1,000,000 s).
    static let firstDay = PuzzleDate(daysSince1970: 11)

    @Test func todaysPuzzleIsTheDatesTwelveCardsInJSON() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let today = try await browser.get("/set/daily", json: true).decode(DailyPageJSON.self)
            #expect(today.date == Self.firstDay.description)
            #expect(today.cards.map(\.id) == DailySetPuzzle(date: Self.firstDay).cards.map(\.id))
            #expect(!today.isStarted && today.found.isEmpty && today.time == nil)
            let sameDay = try await browser.get("/set/daily/\(Self.firstDay)", json: true).decode(
                DailyPageJSON.self)
            #expect(sameDay.cards.map(\.id) == today.cards.map(\.id))
            let earlier = try await browser.get("/set/daily/1970-01-02", json: true).decode(
                DailyPageJSON.self)
            #expect(
                earlier.cards.map(\.id) == DailySetPuzzle(date: PuzzleDate("1970-01-02")!).cards.map(\.id))
        }
    }

    /// Which days have a puzzle, as the test clock's first day sees them.
    static let whichDays = "a day from 1970-01-01 (the first puzzle) to 1970-01-12 (today, UTC)."

    @Test(arguments: ["1970-01-13", "2999-12-31"])
    func aLaterDaysPuzzleIsNotOutYetAndTheAnswerSaysWhichDaysAre(date: String) async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let response = try await browser.get("/set/daily/\(date)")
            #expect(response.status == .notFound)
            #expect(
                response.text.contains(
                    "The puzzle of \(date) is not out yet: its date must be \(Self.whichDays)"))
            let start = try await browser.post("/set/daily/\(date)/start")
            #expect(start.status == .notFound)
            let archive = try await browser.get("/set/daily/archive?date=\(date)")
            #expect(archive.status == .badRequest)
            #expect(
                archive.text.contains("The puzzle of \(date) is not out yet: date must be \(Self.whichDays)"))
        }
    }

    /// A day before the first puzzle is written YYYY-MM-DD all right: the answer says which days
    /// there are instead.
    @Test(arguments: ["1969-12-31", "0001-01-01", "1968-02-29"])
    func aDayBeforeTheFirstPuzzleSaysWhichDaysThereAre(date: String) async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let expected = "There is no puzzle of \(date): its date must be \(Self.whichDays)"
            for response in [
                try await browser.get("/set/daily/\(date)"),
                try await browser.get("/set/daily/\(date)", json: true),
                try await browser.post("/set/daily/\(date)/start"),
                try await browser.post("/set/daily/\(date)/claim", form: [("card-1", "on")]),
            ] {
                #expect(response.status == .notFound)
                #expect(response.text.contains(expected), "\(response.text)")
                #expect(!response.text.contains("YYYY-MM-DD"))
            }
            let archive = try await browser.get("/set/daily/archive?date=\(date)")
            #expect(archive.status == .badRequest)
            #expect(archive.text.contains("There is no puzzle of \(date): date must be \(Self.whichDays)"))
        }
    }

    @Test(arguments: [
        ("2026-02-30", "there is no day 2026-02-30, month 2 of 2026 has 28 days."),
        ("2028-02-30", "there is no day 2028-02-30, month 2 of 2028 has 29 days."),
        ("2026-04-31", "there is no day 2026-04-31, month 4 of 2026 has 30 days."),
        ("2026-13-01", "there is no day 2026-13-01, a year has 12 months."),
        ("2026-00-10", "there is no day 2026-00-10, a year has 12 months."),
    ])
    func anAddressWrittenLikeADayThatIsNoneSaysWhy(date: String, why: String) async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let response = try await browser.get("/set/daily/\(date)")
            #expect(response.status == .notFound)
            #expect(response.text.contains(why))
            #expect(!response.text.contains("YYYY-MM-DD"), "it is written that way already")
            let archive = try await browser.get("/set/daily/archive?date=\(date)")
            #expect(archive.status == .badRequest)
            #expect(archive.text.contains("date: " + why.replacing(", ", with: ": ", maxReplacements: 1)))
        }
    }

    @Test(arguments: ["today", "1969-02-29", "2026-2-3", "%00", "10000-01-01"])
    func anAddressThatIsNotADayNamesWhatADayLooksLike(date: String) async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let response = try await browser.get("/set/daily/\(date)")
            #expect(response.status == .notFound)
            #expect(response.text.contains("YYYY-MM-DD"))
        }
    }

    @Test func aPuzzleIsStartedClaimedAndSolvedOnce() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let puzzle = DailySetPuzzle(date: Self.firstDay)
            let path = "/set/daily/\(Self.firstDay)"
            let started = try await browser.post("\(path)/start")
            #expect(started.status == .seeOther)
            #expect(started.headers[.location] == path)
            var page = try await browser.get(path).text
            #expect(page.contains(#"name="card-\#(puzzle.cards[0].id)""#))
            #expect(page.contains("Sets found <strong>0 of 6</strong>"))

            // A wrong trio says why and costs only time.
            let wrong = try #require(Self.trioThatIsNotASet(in: puzzle))
            clock.advance(by: 10)
            _ = try await browser.post("\(path)/claim", form: wrong.map { ("card-\($0.id)", "on") })
            page = try await browser.get(path).text
            #expect(page.contains("Not a Set: "))
            #expect(page.contains("Wrong tries <strong>1</strong>"))

            // Claims as JSON; the same Set twice is found once.
            var answer: DailyPageJSON?
            for (index, trio) in puzzle.sets.enumerated() {
                clock.advance(by: 5)
                answer = try await browser.postJSON(
                    "\(path)/claim", body: #"{"cards": \#(trio.cards.map(\.id))}"#
                )
                .decode(DailyPageJSON.self)
                #expect(answer?.found.count == index + 1)
                if index == 0 {
                    let again = try await browser.postJSON(
                        "\(path)/claim", body: #"{"cards": \#(trio.cards.map(\.id))}"#
                    ).decode(DailyPageJSON.self)
                    #expect(again.found.count == 1)
                    #expect(again.message?.hasPrefix("Found already") == true)
                }
            }
            let solved = try #require(answer)
            #expect(solved.isSolved)
            #expect(solved.time?.seconds == 40)
            #expect(solved.streak == 1)
            let share = try #require(solved.shareText)
            #expect(share == "CardTable daily Set 1970-01-12\nAll 6 Sets in 0:40, 1 wrong try\nStreak: 1 day")
            for word in ["red", "green", "purple", "oval", "diamond", "squiggle"] {
                #expect(!share.contains(word), "the share text gives a card away")
            }
            #expect(try await session.store.dailySolves(of: browser.player).count == 1)

            // A claim after the sixth changes nothing.
            let late = try await browser.postJSON("\(path)/claim", body: #"{"cards": \#(wrong.map(\.id))}"#)
                .decode(DailyPageJSON.self)
            #expect(late.wrongTries == 1)
            #expect(late.message == "All six Sets are found already.")
        }
    }

    @Test func aReplayStartsAfreshButTheFirstSolveCounts() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let puzzle = DailySetPuzzle(date: Self.firstDay)
            let path = "/set/daily/\(Self.firstDay)"
            _ = try await browser.post("\(path)/start")
            clock.advance(by: 90)
            try await Self.solve(puzzle, at: path, by: browser)
            let replay = try await browser.post("\(path)/replay", json: true).decode(DailyPageJSON.self)
            #expect(replay.isStarted && !replay.isSolved && replay.found.isEmpty && replay.wrongTries == 0)
            #expect(replay.time?.seconds == 0)
            let page = try await browser.get(path).text
            #expect(page.contains("A replay. First solve, the one that counts: 1:30, no wrong tries."))

            clock.advance(by: 5)
            try await Self.solve(puzzle, at: path, by: browser)
            let solves = try await session.store.dailySolves(of: browser.player)
            #expect(solves.map(\.seconds) == [90])
            let after = try await browser.get(path, json: true).decode(DailyPageJSON.self)
            #expect(after.shareText?.contains("in 1:30") == true)
            #expect(after.time?.seconds == 5)
        }
    }

    /// Starting over before the first solve would take the clock back on the go that counts.
    @Test func aDayIsPlayedAgainOnlyOnceSolved() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let path = "/set/daily/\(Self.firstDay)"
            _ = try await browser.post("\(path)/start")
            clock.advance(by: 300)
            let refused = try await browser.post("\(path)/replay")
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("can be played again once it is solved"))
            let go = try await browser.get(path, json: true).decode(DailyPageJSON.self)
            #expect(go.time?.seconds == 300)
            #expect(!go.isReplay)
        }
    }

    @Test func streaksCountDaysSolvedOnTheirOwnDay() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            for day in 0..<3 {
                let date = try #require(Self.firstDay.adding(days: day))
                _ = try await browser.post("/set/daily/\(date)/start")
                try await Self.solve(DailySetPuzzle(date: date), at: "/set/daily/\(date)", by: browser)
                clock.advance(by: 86_400)
            }
            // Day four is skipped; on day five, solving day four's puzzle late does not mend it.
            clock.advance(by: 86_400)
            let late = try #require(Self.firstDay.adding(days: 3))
            _ = try await browser.post("/set/daily/\(late)/start")
            try await Self.solve(DailySetPuzzle(date: late), at: "/set/daily/\(late)", by: browser)
            let today = try await browser.get("/set/daily", json: true).decode(DailyPageJSON.self)
            #expect(today.streak == 0)
            #expect(today.longestStreak == 3)
            let lateDay = try await browser.get("/set/daily/\(late)").text
            #expect(lateDay.contains("Solved after its day"))

            let archive = try await browser.get("/set/daily/archive").text
            #expect(archive.contains("Solved 4 of these days"))
            #expect(archive.occurrences(of: "Solved in") == 4)
            let stats = try await browser.get("/stats").text
            #expect(stats.contains(#"<dd data-stats-streak>0</dd>"#))
        }
    }

    @Test func theArchivePagesBackAndItsFormGoesToADay() async throws {
        let today = PuzzleDate(daysSince1970: 20_000)
        let clock = TestClock(step: 0, start: Date(timeIntervalSince1970: 86_400 * 20_000 + 100))
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let archive = try await browser.get("/set/daily/archive").text
            #expect(archive.occurrences(of: #"<li><a href="/set/daily/"#) == 30)
            #expect(archive.contains(#"<li><a href="/set/daily/\#(today)">"#))
            let oldest = try #require(today.adding(days: -29))
            #expect(archive.contains(#"href="/set/daily/archive?before=\#(oldest)""#))
            #expect(!archive.contains(">Newer<"))

            let older = try await browser.get("/set/daily/archive?before=\(oldest)").text
            #expect(older.contains(#"<li><a href="/set/daily/\#(oldest.adding(days: -1)!)">"#))
            #expect(!older.contains(#"<li><a href="/set/daily/\#(oldest)">"#))
            #expect(older.contains(">Newer<"))

            let go = try await browser.get("/set/daily/archive?date=2020-01-05")
            #expect(go.status == .seeOther)
            #expect(go.headers[.location] == "/set/daily/2020-01-05")
            let bad = try await browser.get("/set/daily/archive?date=yesterday")
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("date must be a day written YYYY-MM-DD"))
        }
    }

    @Test func theArchiveStopsAtTheFirstDay() async throws {
        try await withTestApp(clock: .manual) { session in
            let archive = try await session.newPlayer().get("/set/daily/archive").text
            #expect(archive.occurrences(of: #"<li><a href="/set/daily/"#) == 12)
            #expect(!archive.contains("?before="))
        }
    }

    @Test func aClaimOfCardsThatAreNotThePuzzlesIsTurnedDownWithoutCost() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let path = "/set/daily/\(Self.firstDay)"
            let outside = SetCard.allCards.filter { !DailySetPuzzle(date: Self.firstDay).cards.contains($0) }
            let answer = try await browser.postJSON(
                "\(path)/claim", body: #"{"cards": \#(outside.prefix(3).map(\.id))}"#
            ).decode(DailyPageJSON.self)
            #expect(answer.wrongTries == 0)
            #expect(answer.message == "Choose three different cards of the puzzle.")
            let unknown = try await browser.postJSON("\(path)/claim", body: #"{"cards": [1, 2, 99]}"#)
            #expect(unknown.status == .badRequest)
            #expect(unknown.text.contains("cards must be three card numbers"))
            let notNumbers = try await browser.postJSON("\(path)/claim", body: #"{"cards": "all"}"#)
            #expect(notNumbers.status == .badRequest)
        }
    }

    // MARK: - Helpers

    static func solve(_ puzzle: DailySetPuzzle, at path: String, by browser: Browser) async throws {
        for trio in puzzle.sets {
            _ = try await browser.post("\(path)/claim", form: trio.cards.map { ("card-\($0.id)", "on") })
        }
    }

    static func trioThatIsNotASet(in puzzle: DailySetPuzzle) -> [SetCard]? {
        let cards = puzzle.cards
        for a in cards.indices {
            for b in cards.indices where b > a {
                for c in cards.indices where c > b && !SetRules.isSet(cards[a], cards[b], cards[c]) {
                    return [cards[a], cards[b], cards[c]]
                }
            }
        }
        return nil
    }
}

extension String {
    /// How many times `part` occurs, not overlapping.
    func occurrences(of part: String) -> Int {
        components(separatedBy: part).count - 1
    }
}
