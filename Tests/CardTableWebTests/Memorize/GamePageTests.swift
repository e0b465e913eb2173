import Foundation
import HTTPTypes
import MemorizeCore
import Testing

@testable import CardTableWeb

@Suite struct GamePageTests {
    /// The emoji of hint 20 of Assignment II, one pair each.
    static let hintTheme = Theme(name: "Hint 20", emojis: ["🐧", "👻", "✏️", "🏀", "🐼"], color: "blue")

    @Test func faceDownCardsNeverShowTheirContent() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try await session.store.addTheme(Self.hintTheme, for: browser.player)
            _ = try await browser.post("/play/\(theme.id)/choose/1")
            let game = try #require(
                try await session.store.memorizeGame(in: .theme(theme.id), for: browser.player))
            let shown = game.game.cards[0].content
            let hidden = Set(game.game.cards.map(\.content)).subtracting([shown])
            for json in [false, true] {
                let page = try await browser.get("/play/\(theme.id)", json: json).text
                #expect(page.contains(shown) || page.contains(Self.jsonEscaped(shown)))
                for emoji in hidden {
                    #expect(!page.contains(emoji) && !page.contains(Self.jsonEscaped(emoji)))
                }
            }
        }
    }

    @Test func aTapFromAPageShowingAnEarlierGameIsTurnedDown() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let old = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            _ = try await browser.post("/play/random/choose/1", form: [("deal", "\(old.deal)")])
            // Another tab deals a new game.
            _ = try await browser.post("/play/random/new")
            let current = try #require(try await session.store.memorizeGame(in: .random, for: browser.player))
            #expect(current.deal != old.deal)

            let stale = try await browser.post("/play/random/choose/2", form: [("deal", "\(old.deal)")])
            #expect(stale.status == .conflict)
            #expect(stale.text.contains("This page shows an earlier game"))
            let staleJSON = try await browser.post(
                "/play/random/choose/2", form: [("deal", "\(old.deal)")], json: true)
            #expect(staleJSON.status == .conflict)
            #expect(try await session.store.memorizeGame(in: .random, for: browser.player) == current)

            let fresh = try await browser.post("/play/random/choose/2", form: [("deal", "\(current.deal)")])
            #expect(fresh.status == .seeOther)
            let played = try #require(try await session.store.memorizeGame(in: .random, for: browser.player))
            #expect(played.game.cards[1].isFaceUp)
        }
    }

    @Test func hint20ScoringThroughThePages() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try await session.store.addTheme(Self.hintTheme, for: browser.player)
            let slot = MemorizeSlot.theme(theme.id)
            _ = try await browser.post("/play/\(theme.id)/new")
            let cards = try #require(try await session.store.memorizeGame(in: slot, for: browser.player)).game
                .cards
            func place(_ emoji: String, _ occurrence: Int = 0) -> Int {
                cards.indices.filter { cards[$0].content == emoji }[occurrence] + 1
            }
            let penguin = place("🐧")
            let moves: [(Int, Int)] = [
                (penguin, place("👻")), (place("✏️"), place("🏀")), (place("👻"), place("👻", 1)),
                (penguin, place("🐼")), (place("🏀"), penguin),
                // NB: the penguin is still face up after the last mismatch, so it is tapped second.
                (place("🐧", 1), penguin),
            ]
            var scores: [Int] = []
            for (first, second) in moves {
                _ = try await browser.post("/play/\(theme.id)/choose/\(first)")
                let response = try await browser.post("/play/\(theme.id)/choose/\(second)", json: true)
                scores.append(try response.decode(MemorizePageJSON.self).score)
            }
            #expect(scores == [0, 0, 2, 1, -1, 1])
            let page = try await browser.get("/play/\(theme.id)").text
            #expect(page.contains("Score <strong data-score>1</strong>"))
        }
    }

    /// Moves and time in the bar above the cards; at the end, the score's parts, moves and time.
    @Test func movesTimeAndTheGameOverBreakdown() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let theme = try await session.store.addTheme(
                Theme(name: "Two", emojis: ["🐧", "👻"], color: "blue"), for: browser.player)
            _ = try await browser.post("/play/\(theme.id)/new")
            let cards = try #require(
                try await session.store.memorizeGame(in: .theme(theme.id), for: browser.player)
            )
            .game.cards
            func places(_ emoji: String) -> [Int] {
                cards.indices.filter { cards[$0].content == emoji }.map { $0 + 1 }
            }
            let (penguins, ghosts) = (places("🐧"), places("👻"))
            var page = try await browser.get("/play/\(theme.id)").text
            #expect(page.contains(#"Moves <strong data-moves>0</strong>"#))
            #expect(page.contains(#"<time data-clock data-seconds="0">0:00</time>"#))
            #expect(page.contains("How scoring works"))
            #expect(page.contains("up to <strong>8</strong> more points"))

            _ = try await browser.post("/play/\(theme.id)/choose/\(penguins[0])")
            clock.advance(by: 30)
            _ = try await browser.post("/play/\(theme.id)/choose/\(ghosts[0])")
            page = try await browser.get("/play/\(theme.id)").text
            #expect(page.contains(#"Moves <strong data-moves>1</strong>"#))
            #expect(page.contains(#"<time data-clock data-seconds="30" data-running>0:30</time>"#))

            // A mismatch with a card seen before costs 1.
            for card in [penguins[1], ghosts[0]] {
                _ = try await browser.post("/play/\(theme.id)/choose/\(card)")
            }
            clock.advance(by: 45)
            for card in [penguins[0], penguins[1], ghosts[0], ghosts[1]] {
                _ = try await browser.post("/play/\(theme.id)/choose/\(card)")
            }
            clock.advance(by: 600)
            page = try await browser.get("/play/\(theme.id)").text
            #expect(page.contains("data-game-over"))
            #expect(page.contains("Final score <strong>19</strong>"))
            #expect(page.contains("<dt>Matches</dt><dd>2 × 2 = 4</dd>"))
            #expect(page.contains("<dt>Speed bonus</dt><dd>+16</dd>"))
            #expect(page.contains("<dt>Mismatches</dt><dd>−1</dd>"))
            #expect(page.contains("<dt>Moves</dt><dd>4</dd><dt>Time</dt><dd>1:15</dd>"))
            // NB: the clock stopped at the last match.
            #expect(page.contains(#"<time data-clock data-seconds="75">1:15</time>"#))
        }
    }

    @Test func htmlChoicesRedirectBackToTheGame() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let response = try await browser.post("/play/\(theme.id)/choose/1")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/play/\(theme.id)")
            let page = try await browser.get("/play/\(theme.id)").text
            #expect(page.contains("face up"))
        }
    }

    @Test func leavingAndComingBackContinuesTheGame() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            _ = try await browser.post("/play/\(theme.id)/choose/3")
            _ = try await browser.get("/")
            let json = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
            #expect(json.cards[2].isFaceUp)
        }
    }

    @Test func newGameDealsAFreshGame() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            _ = try await browser.post("/play/\(theme.id)/choose/3")
            let json = try await browser.post("/play/\(theme.id)/new", json: true).decode(
                MemorizePageJSON.self)
            #expect(json.cards.allSatisfy { !$0.isFaceUp })
            #expect(json.score == 0)
        }
    }

    @Test func randomThemeGamePicksAnotherThemeOnNewGame() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            var names: Set<String> = []
            for _ in 0..<4 {
                let json = try await browser.post("/play/random/new", json: true).decode(
                    MemorizePageJSON.self)
                names.insert(json.theme.name)
                #expect(json.isRandom)
            }
            #expect(names.count > 1)
        }
    }

    @Test func speedBonusCountdownIsSentForTheFaceUpCard() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let theme = try await session.store.addTheme(Self.hintTheme, for: browser.player)
            _ = try await browser.post("/play/\(theme.id)/new")
            let cards = try #require(
                try await session.store.memorizeGame(in: .theme(theme.id), for: browser.player)
            )
            .game.cards
            let first = 1
            let partner =
                try #require(cards.indices.dropFirst().first { cards[$0].content == cards[0].content }) + 1

            let json = try await browser.post("/play/\(theme.id)/choose/\(first)", json: true)
                .decode(MemorizePageJSON.self)
            let card = json.cards[first - 1]
            let bonus = try #require(card.bonus)
            #expect(bonus.remaining == 10)
            #expect(bonus.fraction == 1)
            #expect(bonus.window == 10)
            #expect(card.label == "\(cards[0].content), face up, 10 seconds of bonus left")

            clock.advance(by: 2.5)
            let page = try await browser.get("/play/\(theme.id)").text
            #expect(page.contains("aria-label=\"\(cards[0].content), face up, 8 seconds of bonus left\""))
            #expect(page.contains(#"data-bonus-start="0.75" data-bonus-duration="7.5""#))

            clock.advance(by: 1.5)
            let matched = try await browser.post("/play/\(theme.id)/choose/\(partner)", json: true)
                .decode(MemorizePageJSON.self)
            // 4 s into the 10 s window: ceil(8 × 6 / 10) = 5 extra points on top of the 2 for a match.
            #expect(matched.scoreBreakdown.speedBonusPoints == 5)
            #expect(matched.score == 7)
            #expect(matched.cards.allSatisfy { $0.bonus == nil })
        }
    }

    @Test func noBonusIsShownOnceTheWindowHasPassed() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            _ = try await browser.post("/play/\(theme.id)/choose/1")
            clock.advance(by: 10)
            let cards = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
                .cards
            #expect(cards[0].isFaceUp)
            #expect(cards[0].bonus == nil)
            #expect(cards[0].label.hasSuffix(", face up"))
        }
    }

    @Test func gamePageStylesTheGridForTheBoardsShape() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let page = try await browser.get("/play/\(theme.id)").text
            #expect(page.contains(#"<link rel="stylesheet" href="/styles/grid/16.css">"#))
            let css = try await browser.get("/styles/grid/16.css").text
            #expect(
                css.contains(
                    "@container (aspect-ratio >= 8 / 18) { .card-grid { --columns: 4; --rows: 4; } }"))
            #expect(!page.contains("&gt;="))
            let json = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
            #expect(json.layout.shapes.map(\.columns) == [1, 2, 3, 4, 6, 8, 16])
        }
    }

    @Test func cardLabelsAreSpoken() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let page = try await browser.get("/play/\(theme.id)").text
            #expect(page.contains("aria-label=\"card 5, face down\""))
            #expect(page.contains("aria-live=\"polite\""))
        }
    }

    static func jsonEscaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            scalar.isASCII ? String(scalar) : Self.utf16Escape(scalar)
        }.joined()
    }

    private static func utf16Escape(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf16.map { String(format: "\\u%04x", $0) }.joined()
    }
}
