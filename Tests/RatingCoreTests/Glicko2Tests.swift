import PropertyBased
import RatingCore
import Testing

@Suite struct Glicko2Tests {
    /// The worked example of Glickman's "Example of the Glicko-2 system" (2012): a 1500 player
    /// (deviation 200, volatility 0.06, τ = 0.5) beats a 1400 (30) and loses to a 1550 (100) and
    /// a 1700 (300); the paper prints 1464.06, 151.52 and 0.05999. It works with intermediates
    /// rounded to four places, so the exact arithmetic agrees to within one unit of the last
    /// printed digit (1464.051, 151.517, 0.059996), which is the precision it prints.
    @Test func thePapersExample() {
        let player = Rating(rating: 1500, deviation: 200, volatility: 0.06)
        let rated = Glicko2(tau: 0.5).rated(
            player,
            after: [
                RatedResult(against: Rating(rating: 1400, deviation: 30, volatility: 0.06), score: 1),
                RatedResult(against: Rating(rating: 1550, deviation: 100, volatility: 0.06), score: 0),
                RatedResult(against: Rating(rating: 1700, deviation: 300, volatility: 0.06), score: 0),
            ])
        #expect(abs(rated.rating - 1464.06) < 0.01)
        #expect(abs(rated.deviation - 151.52) < 0.01)
        #expect(abs(rated.volatility - 0.05999) < 0.000_01)
        #expect(rated.isProvisional)
    }

    @Test func aPeriodWithoutGamesWidensTheDeviationOnly() {
        let player = Rating(rating: 1650, deviation: 80, volatility: 0.06)
        let idle = Glicko2().rated(player, after: [])
        #expect(idle.rating == 1650)
        #expect(idle.volatility == 0.06)
        // √(φ² + σ²) on Glicko-2's scale: 80 / 173.7178 = 0.46052…, widened to 0.46441…
        #expect(Self.rounded(idle.deviation, places: 2) == 80.68)
    }

    @Test func idlePeriodsWidenTheDeviationOnePeriodAtATimeUpToANewcomers() {
        let player = Rating(rating: 1650, deviation: 80, volatility: 0.06)
        let glicko = Glicko2()
        #expect(glicko.idle(player, periods: 0) == player)
        #expect(glicko.idle(player, periods: 1) == glicko.rated(player, after: []))
        #expect(glicko.idle(player, periods: 2) == glicko.rated(glicko.rated(player, after: []), after: []))
        let longGone = glicko.idle(player, periods: 10_000)
        #expect(longGone.deviation == 350)
        #expect(longGone.rating == 1650)
        #expect(glicko.idle(Rating.newcomer, periods: 3) == Rating.newcomer)
    }

    @Test func aNewcomerIsProvisionalUntilTheDeviationFallsBelow110() {
        #expect(Rating.newcomer.isProvisional)
        #expect(Rating(rating: 1500, deviation: 110, volatility: 0.06).isProvisional)
        #expect(!Rating(rating: 1500, deviation: 109.9, volatility: 0.06).isProvisional)
    }

    @Test func aWinNeverLowersARatingAndALossNeverRaisesOne() async {
        await propertyCheck(count: 400, input: Self.ratings, Self.ratings) { player, opponent in
            let won = Glicko2().rated(player, after: [RatedResult(against: opponent, score: 1)])
            let lost = Glicko2().rated(player, after: [RatedResult(against: opponent, score: 0)])
            #expect(won.rating >= player.rating)
            #expect(lost.rating <= player.rating)
        }
    }

    @Test func twoEqualPlayersMoveByEqualAndOppositeAmounts() async {
        await propertyCheck(count: 400, input: Self.ratings) { both in
            let winner = Glicko2().rated(both, after: [RatedResult(against: both, score: 1)])
            let loser = Glicko2().rated(both, after: [RatedResult(against: both, score: 0)])
            #expect(abs((winner.rating - both.rating) + (loser.rating - both.rating)) < 1e-9)
            #expect(abs(winner.deviation - loser.deviation) < 1e-9)
            #expect(winner.rating > both.rating)
        }
    }

    // MARK: - Helpers

    /// Ratings as players have them: 800 to 2800, deviation 30 to 350, volatility 0.03 to 0.1.
    static let ratings = zip(Gen.double(in: 800...2800), Gen.double(in: 30...350), Gen.double(in: 0.03...0.1))
        .map { Rating(rating: $0, deviation: $1, volatility: $2) }

    static func rounded(_ value: Double, places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (value * factor).rounded() / factor
    }
}
