import Foundation
import MemorizeCore
import PropertyBased
import SeededRandom
import Testing

/// A peek at every card before the first one is chosen, and a mismatch turned back before the
/// next choice: the two ways a player sets the game's pace.
@Suite struct PeekAndTurnBackTests {
    let start = Date.fixtureStart

    // MARK: - Peek

    @Test func aPeekShowsEveryCardForItsDuration() {
        var game = MemoryGame.fixture(["a", "b"])
        #expect(!game.isPeeking(at: start))
        let started = game.startPeek(at: start, lasting: 3)
        #expect(started)
        #expect(game.peekEndsAt == start.addingTimeInterval(3))
        #expect(game.isPeeking(at: start.addingTimeInterval(2.9)))
        #expect(game.peekTimeRemaining(at: start.addingTimeInterval(1)) == 2)
        #expect(!game.isPeeking(at: start.addingTimeInterval(3)))
        #expect(game.peekTimeRemaining(at: start.addingTimeInterval(4)) == 0)
        #expect(game.cards.allSatisfy { !$0.isFaceUp }, "a peek shows cards; it turns none up")
    }

    @Test func aPeekStartsOnlyBeforeTheFirstCard() {
        var game = MemoryGame.fixture(["a", "b"])
        let forNoTime = game.startPeek(at: start, lasting: 0)
        #expect(!forNoTime)
        let forNegativeTime = game.startPeek(at: start, lasting: -1)
        #expect(!forNegativeTime)
        #expect(game.peekEndsAt == nil)
        game.choose(game.cards[0], at: start)
        let afterACard = game.startPeek(at: start, lasting: 3)
        #expect(!afterACard)
        #expect(game.peekEndsAt == nil)
        #expect(!game.isPeeking(at: start))
    }

    /// A game whose first two cards were turned back has begun, though no card is face up.
    @Test func aGameWithSeenCardsHasBegun() {
        var game = MemoryGame.fixture(["a", "b"])
        let (a, b) = (game.cards(showing: "a"), game.cards(showing: "b"))
        game.flip(a[0], b[0], at: start)
        game.turnMismatchBack()
        #expect(game.cards.allSatisfy { !$0.isFaceUp })
        #expect(game.hasBegun)
        let afterSeenCards = game.startPeek(at: start, lasting: 3)
        #expect(!afterSeenCards)
    }

    /// The player who is ready chooses a card: the peek ends, and the clock and the speed bonus
    /// count from that card, not from the peek.
    @Test func choosingACardEndsThePeekAndStartsTheClock() {
        var game = MemoryGame.fixture(["a", "b"], speedBonus: .standard)
        game.startPeek(at: start, lasting: 3)
        let a = game.cards(showing: "a")
        let first = game.choose(a[0], at: start.addingTimeInterval(1))
        #expect(first == .turnedUp)
        #expect(game.peekEndsAt == nil)
        #expect(!game.isPeeking(at: start.addingTimeInterval(1)))
        #expect(game.progress?.startedAt == start.addingTimeInterval(1))
        #expect(
            game.bonusTimeRemaining(for: a[0], at: start.addingTimeInterval(1)) == SpeedBonus.standard.window)
    }

    /// Games stored before peeks have no `peekEndsAt` key; a game without a peek writes none.
    @Test func aGameWithoutAPeekStoresNoPeekKey() throws {
        var game = MemoryGame.fixture(["a", "b"])
        let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any]
        #expect(plain?["peekEndsAt"] == nil)
        game.startPeek(at: start, lasting: 3)
        let decoded = try JSONDecoder().decode(MemoryGame<String>.self, from: JSONEncoder().encode(game))
        #expect(decoded == game)
        #expect(decoded.isPeeking(at: start))
    }

    // MARK: - Turning a mismatch back

    @Test func aMismatchTurnsBackSeenWithTheScoreUnchanged() {
        var game = MemoryGame.fixture(["a", "b", "c"])
        let (a, b) = (game.cards(showing: "a"), game.cards(showing: "b"))
        game.flip(a[0], b[0], at: start)
        let score = game.score
        let didTurnBack = game.turnMismatchBack()
        #expect(didTurnBack)
        #expect(game.cards.allSatisfy { !$0.isFaceUp })
        #expect(game.current(a[0]).hasBeenSeen && game.current(b[0]).hasBeenSeen)
        #expect(game.score == score)
        #expect(game.progress?.moves == 1)
        // Both cards can be chosen again at once, and now cost a point each in a mismatch.
        let again = game.choose(a[0], at: start)
        #expect(again == .turnedUp)
        let secondAgain = game.choose(b[0], at: start)
        #expect(secondAgain == .mismatched(penalty: 2))
    }

    @Test func nothingElseTurnsBack() {
        var game = MemoryGame.fixture(["a", "b"])
        let a = game.cards(showing: "a")
        let noneUp = game.turnMismatchBack()
        #expect(!noneUp, "no card is face up")
        game.choose(a[0], at: start)
        let oneUp = game
        let withOneUp = game.turnMismatchBack()
        #expect(!withOneUp, "one card waits for its partner")
        #expect(game == oneUp)
        game.choose(a[1], at: start)
        let matched = game
        let afterMatch = game.turnMismatchBack()
        #expect(!afterMatch, "a matched pair is not a mismatch")
        #expect(game == matched)
    }

    /// Turning a mismatch back and then choosing another card still in play ends where choosing
    /// that card alone would have: the turn-back only does early what the next choice does anyway.
    @Test func turningBackIsWhatTheNextChoiceDoes() async {
        await propertyCheck(
            input: Gen.int(in: 1...10), Gen.int(in: 0...Int.max), Gen.int(in: 0...10_000).array(of: 0...80)
        ) { pairs, seed, choices in
            var generator = SeededGenerator(seed: UInt64(seed))
            var game = MemoryGame(numberOfPairsOfCards: pairs, speedBonus: .standard, using: &generator) {
                $0
            }
            for (step, choice) in choices.enumerated() {
                let now = Date.fixtureStart + Double(step)
                let card = game.cards[choice % game.cards.count]
                var turnedBack = game
                let isInPlay = !game.current(card).isFaceUp && !game.current(card).isMatched
                if turnedBack.turnMismatchBack(), isInPlay {
                    #expect(turnedBack.score == game.score)
                    let alone = game.choose(card, at: now)
                    let afterTurnBack = turnedBack.choose(card, at: now)
                    #expect(afterTurnBack == alone)
                    #expect(turnedBack == game)
                } else {
                    game.choose(card, at: now)
                }
            }
        }
    }
}
