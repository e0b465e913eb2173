import PropertyBased
import RatingCore
import Testing

@Suite struct RatedStandingTests {
    @Test func twoPlayersAreOneGameBetweenThem() {
        let ana = Rating(rating: 1620, deviation: 90, volatility: 0.06)
        let bo = Rating(rating: 1480, deviation: 200, volatility: 0.06)
        let rated = Glicko2().rated([
            RatedStanding(player: "Ana", rating: ana, score: 7),
            RatedStanding(player: "Bo", rating: bo, score: 9),
        ])
        #expect(rated["Ana"] == Glicko2().rated(ana, after: [RatedResult(against: bo, score: 0)]))
        #expect(rated["Bo"] == Glicko2().rated(bo, after: [RatedResult(against: ana, score: 1)]))
    }

    @Test func threePlayersCountEveryPairByRankAndEqualScoresDraw() {
        let start = Rating.newcomer
        let rated = Glicko2().rated([
            RatedStanding(player: "Ana", rating: start, score: 12),
            RatedStanding(player: "Bo", rating: start, score: 5),
            RatedStanding(player: "Cy", rating: start, score: 5),
        ])
        let ana = Glicko2().rated(
            start, after: [RatedResult(against: start, score: 1), RatedResult(against: start, score: 1)])
        let bo = Glicko2().rated(
            start, after: [RatedResult(against: start, score: 0), RatedResult(against: start, score: 0.5)])
        #expect(rated["Ana"] == ana)
        #expect(rated["Bo"] == bo)
        #expect(rated["Cy"] == bo)
        #expect(ana.rating > 1500 && bo.rating < 1500)
    }

    @Test func aPlayerWhoLeftRanksLastWhateverTheirScore() throws {
        let start = Rating.newcomer
        let rated = Glicko2().rated([
            RatedStanding(player: "Ana", rating: start, score: 20, left: true),
            RatedStanding(player: "Bo", rating: start, score: 0),
            RatedStanding(player: "Cy", rating: start, score: 3, left: true),
        ])
        let lastOfThree = Glicko2().rated(
            start, after: [RatedResult(against: start, score: 0), RatedResult(against: start, score: 0.5)])
        #expect(rated["Ana"] == lastOfThree)
        #expect(rated["Cy"] == lastOfThree)
        #expect(try #require(rated["Bo"]).rating > 1500)
    }

    /// Among players who start alike, a higher final score never moves a rating less.
    @Test func aHigherScoreNeverGainsLessFromTheSameStart() async {
        let scores = Gen.int(in: 0...30).array(of: 2...6)
        await propertyCheck(count: 300, input: scores) { scores in
            let standings = scores.enumerated().map {
                RatedStanding(player: $0.offset, rating: .newcomer, score: $0.element)
            }
            let rated = Glicko2().rated(standings)
            for first in standings {
                for second in standings where first.score > second.score {
                    #expect(
                        (rated[first.player]?.rating ?? -1) >= (rated[second.player]?.rating ?? .infinity))
                }
            }
        }
    }
}
