import SetCore
import Testing

@testable import CardTableWeb

/// A Set score's breakdown names each penalty for what it was: wrong trios, and claims that ran out.
@Suite struct SetBreakdownTextTests {
    @Test(arguments: 0...2, 0...2)
    func wrongSetsAndClaimsOutOfTimeAreNamedApart(wrongSets: Int, claimsOutOfTime: Int) {
        let tally = SetTally(
            sets: 3, setPoints: 18, wrongSets: wrongSets, wrongSetPenalties: 2 * wrongSets,
            claimsOutOfTime: claimsOutOfTime, claimOutOfTimePenalties: 2 * claimsOutOfTime)
        let text = FinishedGame.Breakdown.set(tally).text
        var expected = "3 Sets: 18 points"
        switch wrongSets {
        case 0: break
        case 1: expected += " − 2 for 1 wrong Set"
        default: expected += " − \(2 * wrongSets) for \(wrongSets) wrong Sets"
        }
        switch claimsOutOfTime {
        case 0: break
        case 1: expected += " − 2 for 1 claim out of time"
        default: expected += " − \(2 * claimsOutOfTime) for \(claimsOutOfTime) claims out of time"
        }
        #expect(text == expected)
    }
}
