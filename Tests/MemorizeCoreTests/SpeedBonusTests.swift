import Foundation
import MemorizeCore
import Testing

@Suite struct SpeedBonusTests {
    let bonus = SpeedBonus(window: 10, maxExtraPoints: 8)

    @Test(arguments: [
        (0.0, 8), (0.5, 8), (1.25, 7), (5, 4), (9.9, 1), (10, 0), (25, 0), (-3, 8),
    ])
    func pointsShrinkLinearlyOverTheWindow(elapsed: TimeInterval, points: Int) {
        let start = Date.fixtureStart
        #expect(bonus.points(since: start, at: start + elapsed) == points)
    }

    @Test func timeRemainingStaysWithinTheWindow() {
        let start = Date.fixtureStart
        #expect(bonus.timeRemaining(since: start, at: start) == 10)
        #expect(bonus.timeRemaining(since: start, at: start + 4) == 6)
        #expect(bonus.timeRemaining(since: start, at: start + 40) == 0)
        #expect(bonus.timeRemaining(since: start, at: start - 5) == 10)
    }

    @Test func degenerateSettingsGiveNoBonus() {
        let start = Date.fixtureStart
        #expect(SpeedBonus(window: 0, maxExtraPoints: 8).points(since: start, at: start) == 0)
        #expect(SpeedBonus(window: -4, maxExtraPoints: 8).window == 0)
        #expect(SpeedBonus(window: 10, maxExtraPoints: -2).points(since: start, at: start) == 0)
    }

    @Test func quickMatchEarnsTheBonusOnTopOfTheBase() {
        var game = MemoryGame.fixture(["a", "b"], speedBonus: bonus)
        let a = game.cards(showing: "a")
        let start = Date.fixtureStart
        game.choose(a[0], at: start)
        #expect(game.choose(a[1], at: start + 5) == .matched(points: 6))
        #expect(game.scoreBreakdown == ScoreBreakdown(matchPoints: 2, speedBonusPoints: 4))
        #expect(game.score == 6)
    }

    @Test func bonusCountsFromTheFirstCardOfTheAttempt() {
        var game = MemoryGame.fixture(["a", "b", "c"], speedBonus: bonus)
        let (a, b) = (game.cards(showing: "a"), game.cards(showing: "b")[0])
        let start = Date.fixtureStart
        game.flip(b, a[0], at: start)  // a mismatch long before
        game.choose(a[1], at: start + 100)
        #expect(game.choose(a[0], at: start + 102) == .matched(points: 2 + 7))
    }

    @Test func slowMatchEarnsTheBaseOnly() {
        var game = MemoryGame.fixture(["a", "b"], speedBonus: bonus)
        let a = game.cards(showing: "a")
        game.choose(a[0], at: .fixtureStart)
        #expect(game.choose(a[1], at: .fixtureStart + 11) == .matched(points: 2))
    }

    @Test func mismatchPenaltiesAreNotScaled() {
        var game = MemoryGame.fixture(["a", "b", "c"], speedBonus: bonus)
        let (a, b, c) = (
            game.cards(showing: "a")[0], game.cards(showing: "b")[0], game.cards(showing: "c")[0]
        )
        game.flip(a, b)
        game.flip(c, a)
        game.flip(b, a)
        #expect(game.score == -3)
    }

    @Test func withoutTheOptionScoringFollowsTheBaseRule() {
        var game = MemoryGame.fixture(["a", "b"])
        let a = game.cards(showing: "a")
        #expect(game.flip(a[0], a[1]) == .matched(points: 2))
        #expect(game.bonusTimeRemaining(for: a[0], at: .fixtureStart) == 0)
    }

    @Test func onlyTheOneAndOnlyFaceUpCardShowsBonusTime() {
        var game = MemoryGame.fixture(["a", "b"], speedBonus: bonus)
        let (a, b) = (game.cards(showing: "a"), game.cards(showing: "b")[0])
        let start = Date.fixtureStart
        #expect(game.bonusTimeRemaining(for: a[0], at: start) == 0)
        game.choose(a[0], at: start)
        #expect(game.bonusTimeRemaining(for: a[0], at: start + 3) == 7)
        #expect(game.bonusTimeRemaining(for: b, at: start + 3) == 0)
        game.choose(b, at: start + 4)
        #expect(game.bonusTimeRemaining(for: a[0], at: start + 4) == 0)
    }
}
