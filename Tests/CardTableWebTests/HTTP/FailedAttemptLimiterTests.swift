import Foundation
import PropertyBased
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// The limiter of failed attempts: a key may fail its allowance in a row, then waits, and is
/// forgiven one failure per period; keys are counted apart; memory stays bounded.
@Suite struct FailedAttemptLimiterTests {
    let start = Date(timeIntervalSince1970: 1_000_000)
    let rules = FailedAttemptLimiter<String>.Rules(allowance: 3, forgivenAfter: 10, capacity: 8)

    private func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    /// Whether a wait is `seconds`, give or take a rounding error.
    private func isAbout(_ wait: TimeInterval?, _ seconds: TimeInterval) -> Bool {
        wait.map { abs($0 - seconds) < 1e-9 } ?? false
    }

    private func fail(
        _ limiter: FailedAttemptLimiter<String>, _ key: String, times: Int, at seconds: TimeInterval
    ) {
        for _ in 0..<times { limiter.recordFailure(of: key, at: at(seconds)) }
    }

    @Test func admittingCountsEachAttemptUntilTheAllowanceThenSaysTheWait() async {
        let limiter = FailedAttemptLimiter<String>(rules)
        for _ in 0..<rules.allowance { #expect(limiter.admit("a", at: start) == nil) }
        #expect(isAbout(limiter.admit("a", at: start), 10))
        #expect(isAbout(limiter.admit("a", at: at(4)), 6), "a refused attempt does not count")
        #expect(limiter.admit("a", at: at(10)) == nil)
        #expect(limiter.admit("b", at: at(10)) == nil, "keys are counted apart")
        // Many at the same moment: exactly the allowance gets through.
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 { group.addTask { limiter.admit("c", at: self.start) == nil } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(admitted == rules.allowance)
    }

    @Test func aKeyMayFailItsAllowanceInARowThenWaitsForOneFailureToBeForgiven() {
        let limiter = FailedAttemptLimiter<String>(rules)
        #expect(limiter.waitTime(for: "a", at: start) == nil)
        fail(limiter, "a", times: 2, at: 0)
        #expect(limiter.waitTime(for: "a", at: start) == nil)
        fail(limiter, "a", times: 1, at: 0)
        #expect(limiter.waitTime(for: "a", at: at(0)) == 10)
        #expect(isAbout(limiter.waitTime(for: "a", at: at(4)), 6))
        #expect(isAbout(limiter.waitTime(for: "a", at: at(9.5)), 0.5))
        #expect(limiter.waitTime(for: "a", at: at(10)) == nil)
        // One failure was forgiven: the next failure makes it wait a whole period again.
        fail(limiter, "a", times: 1, at: 10)
        #expect(limiter.waitTime(for: "a", at: at(10)) == 10)
    }

    @Test func aKeyIsForgivenEverythingInTime() {
        let limiter = FailedAttemptLimiter<String>(rules)
        fail(limiter, "a", times: 3, at: 0)
        // At 29 s, 2.9 of the 3 failures are forgiven: two more, and it waits for the last tenth.
        #expect(limiter.waitTime(for: "a", at: at(29)) == nil)
        fail(limiter, "a", times: 2, at: 29)
        #expect(isAbout(limiter.waitTime(for: "a", at: at(29)), 1))
        // Long after, the whole allowance again.
        fail(limiter, "a", times: 2, at: 1_000)
        #expect(limiter.waitTime(for: "a", at: at(1_000)) == nil)
        fail(limiter, "a", times: 1, at: 1_000)
        #expect(limiter.waitTime(for: "a", at: at(1_000)) == 10)
    }

    @Test func keysAreCountedApart() {
        let limiter = FailedAttemptLimiter<String>(rules)
        fail(limiter, "a", times: 3, at: 0)
        fail(limiter, "b", times: 2, at: 0)
        #expect(limiter.waitTime(for: "a", at: start) == 10)
        #expect(limiter.waitTime(for: "b", at: start) == nil)
        #expect(limiter.waitTime(for: "c", at: start) == nil)
    }

    /// A clock that goes back forgives nothing, and the failures are forgiven from the later time.
    @Test func aClockThatGoesBackForgivesNothing() {
        let limiter = FailedAttemptLimiter<String>(rules)
        fail(limiter, "a", times: 3, at: 100)
        #expect(limiter.waitTime(for: "a", at: at(50)) == 10)
        fail(limiter, "a", times: 1, at: 50)
        #expect(limiter.waitTime(for: "a", at: at(100)) == 20)
    }

    /// Whatever the times of the attempts, a key that tries only when it need not wait, and fails
    /// every time, fails at most its allowance plus one failure per period.
    @Test func failingGoesNoFasterThanTheRulesAllow() async {
        let rules = FailedAttemptLimiter<String>.Rules(allowance: 10, forgivenAfter: 10, capacity: 8)
        await propertyCheck(count: 100, input: Gen.int(in: 0...15_000).array(of: 1...300)) { gaps in
            let limiter = FailedAttemptLimiter<String>(rules)
            var now: TimeInterval = 0
            var failures: [TimeInterval] = []
            for gap in gaps {
                now += TimeInterval(gap) / 1_000
                guard limiter.waitTime(for: "guesser", at: at(now)) == nil else { continue }
                limiter.recordFailure(of: "guesser", at: at(now))
                failures.append(now)
            }
            // In every stretch of time from one failure to a later one, at most that many.
            var tooMany: [(first: TimeInterval, last: TimeInterval, count: Int)] = []
            for (index, first) in failures.enumerated() {
                for (count, last) in failures[index...].enumerated()
                where Double(count + 1) > Double(rules.allowance) + (last - first) / rules.forgivenAfter
                    + 1e-9
                {
                    tooMany.append((first, last, count + 1))
                }
            }
            #expect(tooMany.isEmpty, "\(tooMany.prefix(3))")
        }
    }

    /// Failures one by one, never waiting, keep a key under its allowance for good.
    @Test func aKeyThatFailsNoFasterThanItIsForgivenNeverWaits() {
        let limiter = FailedAttemptLimiter<String>(rules)
        for second in stride(from: 0.0, to: 1_000, by: 10) {
            #expect(limiter.waitTime(for: "a", at: at(second)) == nil)
            limiter.recordFailure(of: "a", at: at(second))
        }
    }

    // MARK: - Memory

    @Test func aFloodOfNewKeysKeepsAtMostTheCapacity() {
        let limiter = FailedAttemptLimiter<String>(rules)
        for index in 0..<1_000 {
            limiter.recordFailure(of: "flood \(index)", at: start)
            #expect(limiter.keyCount <= rules.capacity)
        }
    }

    @Test func aKeyBeingSlowedOutlastsAFloodOfNewKeys() {
        let limiter = FailedAttemptLimiter<String>(rules)
        fail(limiter, "guesser", times: 3, at: 0)
        for index in 0..<1_000 { limiter.recordFailure(of: "flood \(index)", at: start) }
        #expect(limiter.waitTime(for: "guesser", at: start) == 10)
    }

    @Test func keysThatOweNothingAreForgottenFirst() {
        let limiter = FailedAttemptLimiter<String>(rules)
        for index in 0..<rules.capacity { limiter.recordFailure(of: "old \(index)", at: start) }
        #expect(limiter.keyCount == rules.capacity)
        limiter.recordFailure(of: "new", at: at(10))
        #expect(limiter.keyCount == 1)
    }
}
