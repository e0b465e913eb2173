import Foundation
import MemorizeCore
import Testing

@testable import CardTableWeb

/// The pace a player sets in the game page's options: a peek at every card when a game starts,
/// and how soon a mismatch turns back. Both are remembered for the player, in every slot.
@Suite struct MemorizePaceTests {
    static let theme = Theme(name: "Pace", emojis: ["🐧", "👻", "✏️", "🏀"], color: "blue")

    @Test func optionsAreRememberedForThePlayerInEverySlot() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let before = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            #expect(!before.options.peeksAtStart)
            #expect(before.options.turnBack == "tap")
            #expect(
                before.options.turnBackChoices.map(\.value) == [
                    "tap", "1000", "1500", "2000", "3000", "5000",
                ])

            let saved = try await browser.post(
                "/play/random/options", form: [("peek", "true"), ("turnBack", "1500")])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/play/random")
            let theme = try await session.store.addTheme(Self.theme, for: browser.player)
            for path in ["/play/random", "/play/\(theme.id)"] {
                let page = try await browser.get(path, json: true).decode(MemorizePageJSON.self)
                #expect(page.options.peeksAtStart)
                #expect(page.options.turnBack == "1500")
            }
            let html = try await browser.get("/play/random").text
            #expect(html.contains(#"name="peek" value="true" checked"#))
            #expect(html.contains(#"<option value="1500" selected>After 1.5 seconds</option>"#))

            // An unticked checkbox is not sent at all: the peek is off.
            _ = try await browser.post("/play/random/options", form: [("turnBack", "tap")])
            let off = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            #expect(!off.options.peeksAtStart)
            #expect(off.options.turnBack == "tap")
        }
    }

    @Test(arguments: [
        (
            [("turnBack", "1200")],
            "turnBack must be tap, or one of 1000, 1500, 2000, 3000, 5000 (milliseconds)."
        ),
        ([("turnBack", "")], "turnBack must be tap, or one of 1000, 1500, 2000, 3000, 5000 (milliseconds)."),
        ([("peek", "yes"), ("turnBack", "tap")], "peek must be true or false."),
        (
            [("peek", "true")],
            "The form has no turnBack: it must be tap, or one of 1000, 1500, 2000, 3000, 5000 (milliseconds)."
        ),
    ])
    func badOptionsAreRefusedByFieldAndChangeNothing(form: [(String, String)], message: String) async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.post(
                "/play/random/options", form: [("peek", "true"), ("turnBack", "2000")])
            let response = try await browser.post("/play/random/options", form: form, json: true)
            #expect(response.status == .badRequest)
            let said = try response.decode(ErrorJSON.self).error.message
            #expect(said == message)
            let page = try await browser.get("/play/random", json: true).decode(MemorizePageJSON.self)
            #expect(page.options.peeksAtStart)
            #expect(page.options.turnBack == "2000")
        }
    }

    // MARK: - Peek

    /// While the peek lasts every card shows its emoji; after it, none does, and the page that
    /// drew the peek told the script when to look again.
    @Test func aNewGameStartsWithAPeekForThreeSeconds() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let theme = try await session.store.addTheme(Self.theme, for: browser.player)
            _ = try await browser.post(
                "/play/\(theme.id)/options", form: [("peek", "true"), ("turnBack", "tap")])
            let dealt = try await browser.post("/play/\(theme.id)/new", json: true).decode(
                MemorizePageJSON.self)
            #expect(dealt.peek?.milliseconds == 3000)
            #expect(dealt.cards.allSatisfy { $0.isFaceUp && $0.content != nil })
            #expect(dealt.announcement.hasPrefix("Memorize the cards: they turn face down in 3 seconds"))
            #expect(dealt.score == 0)

            clock.advance(by: 2.5)
            let during = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
            #expect(during.peek?.milliseconds == 500)
            #expect(during.cards.allSatisfy { $0.content != nil })

            clock.advance(by: 0.5)
            let after = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
            #expect(after.peek == nil)
            #expect(after.cards.allSatisfy { !$0.isFaceUp && $0.content == nil })
            #expect(after.announcement == "New game. Score 0.")
            let html = try await browser.get("/play/\(theme.id)").text
            for emoji in Self.theme.emojis {
                #expect(!html.contains(emoji))
            }
        }
    }

    /// A player who is ready taps a card: the peek ends and only that card stays up.
    @Test func aTapEndsThePeek() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            _ = try await browser.post("/play/random/options", form: [("peek", "true"), ("turnBack", "tap")])
            let dealt = try await browser.post("/play/random/new", json: true).decode(MemorizePageJSON.self)
            #expect(dealt.peek != nil)
            clock.advance(by: 1)
            let tapped = try await browser.post(
                "/play/random/choose/3", form: [("deal", "\(dealt.deal)")], json: true
            ).decode(MemorizePageJSON.self)
            #expect(tapped.peek == nil)
            #expect(tapped.cards.indices.filter { tapped.cards[$0].content != nil } == [2])
        }
    }

    /// A slot never played shows its first deal with a peek too, and the peek is stored with it,
    /// so a reload does not start it again.
    @Test func theFirstDealOfASlotPeeksOnce() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let browser = try await session.newPlayer()
            let theme = try await session.store.addTheme(Self.theme, for: browser.player)
            _ = try await browser.post("/play/random/options", form: [("peek", "true"), ("turnBack", "tap")])
            let first = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
            #expect(first.peek?.milliseconds == 3000)
            clock.advance(by: 2)
            let reload = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
            #expect(reload.peek?.milliseconds == 1000)
            #expect(reload.deal == first.deal)
        }
    }

    /// Turning the peek on shows it at once in a game that has not begun, and not in one that has.
    @Test func turningThePeekOnShowsItInAGameNotYetBegun() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let theme = try await session.store.addTheme(Self.theme, for: browser.player)
            let fresh = try await browser.post(
                "/play/random/options", form: [("peek", "true"), ("turnBack", "tap")], json: true
            ).decode(MemorizePageJSON.self)
            #expect(fresh.peek != nil)

            let begun = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
            _ = try await browser.post("/play/\(theme.id)/choose/1", form: [("deal", "\(begun.deal)")])
            let saved = try await browser.post(
                "/play/\(theme.id)/options", form: [("peek", "true"), ("turnBack", "tap")], json: true
            ).decode(MemorizePageJSON.self)
            #expect(saved.peek == nil)
            #expect(saved.cards.filter { $0.content != nil }.count == 1)
        }
    }

    // MARK: - Turning a mismatch back

    @Test func aMismatchTurnsBackWhenThePageAsks() async throws {
        try await withTestApp(clock: .manual) { session in
            let browser = try await session.newPlayer()
            let theme = try await session.store.addTheme(Self.theme, for: browser.player)
            let slot = MemorizeSlot.theme(theme.id)
            let page = try await browser.get("/play/\(theme.id)", json: true).decode(MemorizePageJSON.self)
            #expect(page.turnBackURL == "/play/\(theme.id)/turn-back")
            _ = try await browser.post("/play/\(theme.id)/choose/1", form: [("deal", "\(page.deal)")])
            let cards = try #require(try await session.store.memorizeGame(in: slot, for: browser.player)).game
                .cards
            let other = try #require(cards.indices.first { cards[$0].content != cards[0].content }) + 1

            // The delay is the player's: none (the next tap) until they choose one.
            let mismatch = try await browser.post(
                "/play/\(theme.id)/choose/\(other)", form: [("deal", "\(page.deal)")], json: true
            ).decode(MemorizePageJSON.self)
            #expect(mismatch.turnBackAfter == nil)
            let withDelay = try await browser.post(
                "/play/\(theme.id)/options", form: [("turnBack", "2000")], json: true
            ).decode(MemorizePageJSON.self)
            #expect(withDelay.turnBackAfter == 2000)
            #expect(withDelay.cards.filter(\.isFaceUp).count == 2)

            let stale = try await browser.post(
                "/play/\(theme.id)/turn-back", form: [("deal", "\(page.deal + 1)")])
            #expect(stale.status == .conflict)

            let turned = try await browser.post(
                "/play/\(theme.id)/turn-back", form: [("deal", "\(page.deal)")], json: true
            ).decode(MemorizePageJSON.self)
            #expect(turned.cards.allSatisfy { !$0.isFaceUp && $0.content == nil })
            #expect(turned.turnBackAfter == nil)
            #expect(turned.score == mismatch.score)
            #expect(turned.announcement == "The two cards turned face down. Score \(turned.score).")
            let stored = try #require(try await session.store.memorizeGame(in: slot, for: browser.player))
                .game
            #expect(stored.cards[0].hasBeenSeen && stored.cards[other - 1].hasBeenSeen)

            // Nothing else turns back: asking again changes nothing.
            let again = try await browser.post(
                "/play/\(theme.id)/turn-back", form: [("deal", "\(page.deal)")])
            #expect(again.status == .seeOther)
            #expect(try await session.store.memorizeGame(in: slot, for: browser.player)?.game == stored)
        }
    }
}
