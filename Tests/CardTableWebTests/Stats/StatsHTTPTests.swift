import Foundation
import MemorizeCore
import SetCore
import Testing

@testable import CardTableWeb

/// Finished games through HTTP: each is recorded once, with its breakdown, by the move that ends
/// it; the stats page, its JSON and the CSV export show them; game-over screens compare a game
/// with the player's best.
@Suite struct StatsHTTPTests {
    /// Ana finishes a solo Set game from a table holding one Set, after one wrong trio.
    static func finishSetGame(_ browser: Browser, mode: String = "solo", wrongTries: Int = 1) async throws
        -> SetPageJSON
    {
        let table = SetFixtures.set + Array(SetFixtures.companions.prefix(9))
        try await browser.setUpSet(table: table, deck: [], mode: mode)
        // NB: of two players, player one makes the wrong claims and player two finds the Set.
        for _ in 0..<wrongTries {
            if mode == "two-player" {
                _ = try await browser.post("/set/claim", form: [("player", "one")], json: true)
            }
            _ = try await browser.touch(Array(SetFixtures.companions.prefix(3)))
        }
        if mode == "two-player" {
            _ = try await browser.post("/set/claim", form: [("player", "two")], json: true)
        }
        return try await browser.touch(SetFixtures.set)
    }

    @Test func aFinishedSetGameIsRecordedOnceWithItsBreakdown() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            let over = try await Self.finishSetGame(ana)
            #expect(over.isOver)
            // A Set within 10 s earns 3 + 3; the wrong trio cost 2.
            #expect(over.score == 4)
            // Looking at the finished game again, or changing its colors, records nothing more.
            _ = try await ana.get("/set")
            _ = try await ana.post("/set/color-blind", form: [("enabled", "true")])
            let history = try await session.store.finishedGames(of: ana.player)
            #expect(history.count == 1)
            let game = try #require(history.first)
            #expect(game.game == .set && game.mode == .solo && game.score == 4 && game.moves == 2)
            #expect(
                game.breakdown
                    == .set(SetTally(sets: 1, setPoints: 6, wrongSets: 1, wrongSetPenalties: 2)))

            let page = try await ana.get("/set").text
            #expect(page.contains(#"<p class="set-breakdown">1 Set: 6 points − 2 for 1 wrong Set.</p>"#))
            #expect(page.contains("Your first finished game of Set, solo: the score to beat next time."))
        }
    }

    @Test func aBetterGameIsANewBestAndAWorseOneIsNot() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            _ = try await Self.finishSetGame(ana, wrongTries: 1)
            _ = try await Self.finishSetGame(ana, wrongTries: 0)
            var page = try await ana.get("/set").text
            #expect(
                page.contains(
                    #"<p class="best is-new-best" data-best>New best! Your best for Set, solo was 4.</p>"#))
            _ = try await Self.finishSetGame(ana, wrongTries: 2)
            page = try await ana.get("/set").text
            #expect(page.contains(#"<p class="best" data-best>Your best for Set, solo is 6.</p>"#))
            _ = try await Self.finishSetGame(ana, wrongTries: 0)
            page = try await ana.get("/set").text
            #expect(page.contains("You equalled your best for Set, solo, 6."))

            let stats = try await ana.get("/stats", json: true).decode(StatsPageJSON.self)
            #expect(stats.gamesPlayed == 4)
            #expect(stats.bests == [.init(game: "Set", name: "solo", score: 6)])
            #expect(stats.recent.map(\.score) == [6, 2, 6, 4])
            #expect(stats.recent.first?.breakdown["sets"] == 1)
        }
    }

    @Test func aTwoPlayerGameKeepsTheWinnersSide() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            let over = try await Self.finishSetGame(ana, mode: "two-player", wrongTries: 1)
            #expect(over.isOver)
            let game = try #require(try await session.store.finishedGames(of: ana.player).first)
            #expect(game.mode == .twoPlayer)
            // Player one claimed a wrong trio; player two found the Set and won.
            #expect(game.score == 6 && over.playerTwo?.score == 6 && over.playerOne?.score == -2)
            #expect(game.breakdown == .set(SetTally(sets: 1, setPoints: 6)))
            let page = try await ana.get("/set").text
            #expect(page.contains("Player 1: 0 Sets: 0 points − 2 for 1 wrong Set."))
            #expect(page.contains("Player 2: 1 Set: 6 points."))
        }
    }

    @Test func aFinishedMemorizeGameIsRecordedAndComparedWithTheThemesBest() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let ana = try await session.newPlayer()
            let theme = try await session.store.addTheme(
                Theme(name: "Two", emojis: ["🐧", "👻"], color: "blue"), for: ana.player)
            for round in 0..<2 {
                _ = try await ana.post("/play/\(theme.id)/new")
                let cards = try #require(
                    try await session.store.memorizeGame(in: .theme(theme.id), for: ana.player)
                )
                .game.cards
                let places = { (emoji: String) in
                    cards.indices.filter { cards[$0].content == emoji }.map { $0 + 1 }
                }
                let (penguins, ghosts) = (places("🐧"), places("👻"))
                // The first round mismatches a card seen before (−1), so the second scores better.
                let mismatches = [penguins[0], ghosts[0], penguins[1], ghosts[0]]
                let taps = (round == 0 ? mismatches : []) + penguins + ghosts
                for card in taps { _ = try await ana.post("/play/\(theme.id)/choose/\(card)") }
                clock.advance(by: 60)
            }
            let history = try await session.store.finishedGames(of: ana.player)
            #expect(history.count == 2)
            #expect(history.map(\.theme) == ["Two", "Two"])
            #expect(history.map(\.moves) == [4, 2])
            let first = try #require(history.first)
            guard case .memorize(let matches, let points) = first.breakdown else {
                Issue.record("a Memorize game's breakdown is Memorize's")
                return
            }
            #expect(matches == 2)
            #expect(points.total == first.score)
            let page = try await ana.get("/play/\(theme.id)").text
            #expect(page.contains("New best! Your best for Two was \(first.score)."))
            #expect(page.contains(#"href="/stats""#))
        }
    }

    @Test func theStatsPageAndTheCSVShowTheHistory() async throws {
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            var page = try await ana.get("/stats").text
            #expect(page.contains("No finished games yet"))
            #expect(!page.contains("stats-svg"))
            #expect(!page.contains("history.csv"))
            _ = try await Self.finishSetGame(ana)
            _ = try await Self.finishSetGame(ana, wrongTries: 0)
            _ = try await Self.finishSetGame(ana, mode: "two-player", wrongTries: 0)
            page = try await ana.get("/stats").text
            #expect(page.contains(#"<dd data-stats-played>3</dd>"#))
            // Solo and two-player games each have a chart (a line) of their own.
            #expect(page.occurrences(of: #"<svg viewBox="0 0 320 140" class="stats-svg" role="img""#) == 2)
            #expect(page.contains(#"<h2 id="stats-chart-set-solo">Set, solo: score over time</h2>"#))
            #expect(
                page.contains(#"<h2 id="stats-chart-set-two-player">Set, two players: score over time</h2>"#))
            #expect(
                page.contains("Set, solo: scores of the last 2 games, on 1970-01-12 (UTC), between 0 and 6."))
            #expect(
                page.contains("Set, two players: the score of 1 game, on 1970-01-12 (UTC), between 0 and 6."))
            #expect(page.contains(#"<polyline class="stats-line" points="40,43 308,10"/>"#))
            #expect(page.occurrences(of: #"<circle class="stats-dot""#) == 3)
            // The day under each chart's x axis.
            #expect(
                page.occurrences(
                    of:
                        #"<text class="stats-label stats-date" x="40" y="132" text-anchor="middle">12 Jan</text>"#
                ) == 1)
            #expect(page.occurrences(of: #"text-anchor="middle">12 Jan</text>"#) == 2)
            #expect(page.contains("<summary>The scores as a table</summary>"))

            let csv = try await ana.get("/stats/history.csv")
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == #"attachment; filename="cardtable-history.csv""#)
            let lines = csv.text.components(separatedBy: "\r\n")
            #expect(lines.count == 5 && lines[4].isEmpty)
            #expect(lines[0] == HistoryCSV.header.joined(separator: ","))
            #expect(lines[1].hasSuffix(",set,,solo,4,0.000,2,,,,,1,6,1,2,0,0,0,0,normal"), "\(lines[1])")
        }
    }

    @Test func aRoomsFinishedGameJoinsEverySeatedPlayersHistory() async throws {
        try await withTestApp { session in
            let (_, ana, bo) = try await RoomReplayTests().finishedSetRoom(session)
            let anas = try await session.store.finishedGames(of: ana.player)
            let bos = try await session.store.finishedGames(of: bo.player)
            #expect(anas.count == 1 && bos.count == 1)
            #expect(anas.first?.mode == .room && bos.first?.mode == .room)
            // 27 Sets between them, each a point.
            #expect((anas.first?.setsFound ?? 0) + (bos.first?.setsFound ?? 0) >= 20)
            #expect(anas.first.map { $0.score == $0.setsFound } == true)
            let stats = try await bo.get("/stats", json: true).decode(StatsPageJSON.self)
            #expect(stats.bests == [.init(game: "Set", name: "room", score: bos.first?.score ?? -1)])
        }
    }

    @Test(arguments: [
        ("Animals", "Animals"), ("a,b", #""a,b""#), (#"say "hi""#, #""say ""hi""""#), ("=1+1", "'=1+1"),
        ("-5", "-5"), ("@home", "'@home"), ("line\nbreak", "\"line\nbreak\""), ("-nan", "'-nan"),
        ("+inf", "'+inf"), ("＝1+1", "'＝1+1"), ("+5", "'+5"), ("-1.25", "-1.25"), ("12.500", "12.500"),
    ])
    func csvFieldsAreQuotedAndNeverFormulas(text: String, field: String) {
        #expect(HistoryCSV.field(text) == field)
    }
}
