import SeededRandom
import Testing

/// The log-normal draws that vary a bot's times.
struct LogNormalFactorTests {
    @Test func aLogNormalFactorHasMedianOneAndItsSpread() {
        var generator = SeededGenerator(seed: 2)
        let draws = 20_001
        let factors = (0..<draws).map { _ in generator.logNormalFactor(spread: 0.3) }.sorted()
        #expect(factors.allSatisfy { $0 > 0 })
        #expect(abs(factors[draws / 2] - 1) < 0.02)
        // 84 % of a normal lies below one standard deviation: e^0.3 ≈ 1.35.
        let upper = factors[Int(Double(draws) * 0.8413)]
        #expect(abs(upper - 1.3499) < 0.03, "\(upper)")
    }
}
