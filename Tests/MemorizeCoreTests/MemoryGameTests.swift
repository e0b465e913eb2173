import Foundation
import MemorizeCore
import SeededRandom
import Testing

@Suite struct MemoryGameTests {
    // MARK: - A new game

    @Test(arguments: [0, 1, 2, 5, 12])
    func newGameDealsTwoFaceDownCardsPerPair(pairs: Int) {
        var generator = SeededGenerator(seed: 3)
        let game = MemoryGame(numberOfPairsOfCards: pairs, using: &generator) { "\($0)" }
        #expect(game.cards.count == pairs * 2)
        #expect(game.cards.allSatisfy { !$0.isFaceUp && !$0.isMatched && !$0.hasBeenSeen })
        #expect(Set(game.cards.map(\.id)).count == pairs * 2)
        for pair in 0..<pairs {
            #expect(game.cards.filter { $0.content == "\(pair)" }.count == 2)
        }
        #expect(game.score == 0)
    }

    @Test func negativePairCountDealsNothing() {
        let game = MemoryGame(numberOfPairsOfCards: -3) { $0 }
        #expect(game.cards.isEmpty)
        #expect(game.isOver)
    }

    @Test func lectureInitializerShufflesWithTheSystemGenerator() {
        let games = (0..<20).map { _ in MemoryGame(numberOfPairsOfCards: 8) { $0 }.cards.map(\.content) }
        #expect(Set(games).count > 1)
    }

    @Test func newGameIsShuffledAndSeedsRepeat() {
        let emojis = (0..<10).map { "\($0)" }
        let first = MemoryGame.fixture(emojis, seed: 7).cards.map(\.content)
        #expect(first == MemoryGame.fixture(emojis, seed: 7).cards.map(\.content))
        #expect(first != emojis.flatMap { [$0, $0] })
        let orders = Set((1...30).map { MemoryGame.fixture(emojis, seed: UInt64($0)).cards.map(\.content) })
        #expect(orders.count == 30)
        let pairsSideBySide = (1...30 as ClosedRange<UInt64>).filter { seed in
            let cards = MemoryGame.fixture(emojis, seed: seed).cards
            return stride(from: 0, to: cards.count, by: 2).allSatisfy {
                cards[$0].content == cards[$0 + 1].content
            }
        }
        #expect(pairsSideBySide.isEmpty)
    }

    @Test func shuffleKeepsEveryCardAndItsState() {
        var game = MemoryGame.fixture(["a", "b", "c", "d"])
        let a = game.cards(showing: "a")
        game.flip(a[0], a[1])
        let before = game.cards.sorted { $0.id < $1.id }
        var generator = SeededGenerator(seed: 99)
        game.shuffle(using: &generator)
        #expect(game.cards.sorted { $0.id < $1.id } == before)
        game.shuffle()
        #expect(game.cards.sorted { $0.id < $1.id } == before)
        #expect(game.score == 2)
    }

    // MARK: - Choosing

    @Test func choosingTheFirstCardTurnsItFaceUpAlone() {
        var game = MemoryGame.fixture(["a", "b"])
        let card = game.cards(showing: "a")[0]
        #expect(game.choose(card, at: .fixtureStart) == .turnedUp)
        #expect(game.cards.filter(\.isFaceUp).map(\.id) == [card.id])
    }

    @Test func choosingAFaceUpCardDoesNothing() {
        var game = MemoryGame.fixture(["a", "b"])
        let card = game.cards(showing: "a")[0]
        game.choose(card, at: .fixtureStart)
        let before = game
        #expect(game.choose(card, at: .fixtureStart) == .ignored)
        #expect(game == before)
    }

    @Test func choosingAMatchedCardDoesNothing() {
        var game = MemoryGame.fixture(["a", "b", "c"])
        let a = game.cards(showing: "a")
        game.flip(a[0], a[1])
        let b = game.cards(showing: "b")[0]
        game.choose(b, at: .fixtureStart)
        let before = game
        #expect(game.choose(a[0], at: .fixtureStart) == .ignored)
        #expect(game == before)
    }

    @Test func choosingAnUnknownCardDoesNothing() {
        var game = MemoryGame.fixture(["a", "b"])
        let stranger = MemoryGame.fixture(["x", "y", "z"]).cards.first { $0.id == 5 }!
        let before = game
        #expect(game.choose(stranger, at: .fixtureStart) == .ignored)
        #expect(game == before)
    }

    @Test func equalContentsMatchAndStayFaceUp() {
        var game = MemoryGame.fixture(["a", "b"])
        let a = game.cards(showing: "a")
        #expect(game.flip(a[0], a[1]) == .matched(points: 2))
        #expect(game.current(a[0]).isMatched && game.current(a[1]).isMatched)
        #expect(game.current(a[1]).isFaceUp)
        #expect(game.score == 2)
    }

    @Test func differentContentsStayFaceUpUnmatched() {
        var game = MemoryGame.fixture(["a", "b"])
        let (a, b) = (game.cards(showing: "a")[0], game.cards(showing: "b")[0])
        #expect(game.flip(a, b) == .mismatched(penalty: 0))
        #expect(game.current(a).isFaceUp && game.current(b).isFaceUp)
        #expect(!game.current(a).isMatched && !game.current(b).isMatched)
    }

    @Test func aThirdChoiceTurnsTheOthersDownAndMarksThemSeen() {
        var game = MemoryGame.fixture(["a", "b", "c"])
        let (a, b, c) = (
            game.cards(showing: "a")[0], game.cards(showing: "b")[0], game.cards(showing: "c")[0]
        )
        game.flip(a, b)
        #expect(game.choose(c, at: .fixtureStart) == .turnedUp)
        #expect(game.cards.filter(\.isFaceUp).map(\.id) == [c.id])
        #expect(game.current(a).hasBeenSeen && game.current(b).hasBeenSeen)
        #expect(!game.current(c).hasBeenSeen)
    }

    @Test func aCardIsNotSeenWhileItIsStillFaceUp() {
        var game = MemoryGame.fixture(["a", "b"])
        let a = game.cards(showing: "a")[0]
        game.choose(a, at: .fixtureStart)
        #expect(!game.current(a).hasBeenSeen)
    }

    // MARK: - Scoring

    @Test func mismatchCostsOnePointPerSeenCard() {
        var game = MemoryGame.fixture(["a", "b", "c", "d"])
        let (a, b, c, d) = (
            game.cards(showing: "a")[0], game.cards(showing: "b")[0],
            game.cards(showing: "c")[0], game.cards(showing: "d")[0]
        )
        game.flip(a, b)  // neither seen
        #expect(game.score == 0)
        game.flip(c, a)  // a seen
        #expect(game.score == -1)
        game.flip(d, c)  // c seen
        #expect(game.score == -2)
        #expect(game.flip(a, c) == .mismatched(penalty: 2))
        #expect(game.score == -4)
        #expect(
            game.scoreBreakdown == ScoreBreakdown(matchPoints: 0, speedBonusPoints: 0, mismatchPenalties: 4))
    }

    /// Hint 20 of Assignment II, step by step.
    @Test func hintTwentyWorkedExample() {
        var game = MemoryGame.fixture(["🐧", "👻", "✏️", "🏀", "🐼"])
        let penguins = game.cards(showing: "🐧")
        let ghosts = game.cards(showing: "👻")
        let pencil = game.cards(showing: "✏️")[0]
        let ball = game.cards(showing: "🏀")[0]
        let panda = game.cards(showing: "🐼")[0]

        game.flip(penguins[0], ghosts[0])
        game.flip(pencil, ball)
        game.flip(ghosts[0], ghosts[1])
        #expect(game.score == 2)
        game.flip(penguins[0], panda)
        game.flip(ball, penguins[0])
        #expect(game.score == -1)
        // Both mismatched cards are face up, so the player turns the other penguin up first.
        game.flip(penguins[1], penguins[0])
        #expect(game.score == 1)
    }

    @Test func tappingAFaceUpCardOfAMismatchDoesNothing() {
        var game = MemoryGame.fixture(["a", "b"])
        let (a, b) = (game.cards(showing: "a")[0], game.cards(showing: "b")[0])
        game.flip(a, b)
        let before = game
        #expect(game.choose(a, at: .fixtureStart) == .ignored)
        #expect(game == before)
    }

    @Test func seenIsAboutCardsNotEmoji() {
        var game = MemoryGame.fixture(["a", "b", "c"])
        let a = game.cards(showing: "a")
        let (b, c) = (game.cards(showing: "b")[0], game.cards(showing: "c")[0])
        game.flip(a[0], b)  // a[0] and b become seen on the next choice
        game.flip(a[1], c)  // a[1] was never seen, though its emoji was
        #expect(game.score == 0)
    }

    @Test func gameIsOverWhenEveryCardIsMatched() {
        var game = MemoryGame.fixture(["a", "b"])
        let (a, b) = (game.cards(showing: "a"), game.cards(showing: "b"))
        game.flip(a[0], a[1])
        #expect(!game.isOver)
        game.flip(b[0], b[1])
        #expect(game.isOver)
        #expect(game.score == 4)
    }
}
