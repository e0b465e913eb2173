import PropertyBased
import SeededRandom
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// The waits of PostgreSQL's room-event listener between attempts to connect again.
@Suite struct RetryBackoffTests {
    let backoff = RetryBackoff(first: .milliseconds(250), longest: .seconds(30))

    /// Each wait is between half and all of its ceiling, which doubles from the first wait up to
    /// the longest.
    @Test func everyWaitIsBetweenHalfAndAllOfADoublingCappedCeiling() async {
        await propertyCheck(input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 1...200)) { seed, failures in
            var random = SeededGenerator(seed: seed)
            let ceiling = min(backoff.first * (1 << min(failures - 1, 30)), backoff.longest)
            let delay = backoff.delay(afterFailures: failures, using: &random)
            #expect(delay >= ceiling / 2 && delay <= ceiling)
        }
    }

    @Test func theCeilingsDoubleThenStayAtTheLongest() {
        var random = SeededGenerator(seed: 7)
        let upper = (1...12).map { failures in
            (1...200).map { _ in backoff.delay(afterFailures: failures, using: &random) }.max()!
        }
        #expect(upper[0] <= .milliseconds(250) && upper[0] > .milliseconds(200))
        #expect(upper[3] <= .seconds(2) && upper[3] > .milliseconds(1_600))
        #expect(upper[8...].allSatisfy { $0 <= .seconds(30) && $0 > .seconds(24) })
    }

    /// Instances that lost the database together do not all try again at once.
    @Test func waitsAreSpreadOut() {
        var random = SeededGenerator(seed: 11)
        let waits = Set((0..<50).map { _ in backoff.delay(afterFailures: 4, using: &random) })
        #expect(waits.count > 40)
    }
}
