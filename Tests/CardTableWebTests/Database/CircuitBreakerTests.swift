import Testing

@testable import CardTableWeb

/// The breaker PostgreSQL's work goes through: closed, open for its cooldown after a failure,
/// then one probe at a time until the database answers again.
@Suite struct CircuitBreakerTests {
    let start = ContinuousClock.now
    let breaker = CircuitBreaker(cooldown: .seconds(1))

    @Test func closedItLetsEverythingThrough() {
        #expect((0..<5).allSatisfy { _ in breaker.admits(at: start) })
        breaker.succeeded(at: start)
        #expect(breaker.current == .closed)
    }

    @Test func aFailureRefusesEveryoneForTheCooldown() {
        breaker.failed(at: start)
        #expect(breaker.current == .open(until: start + .seconds(1)))
        #expect(!breaker.admits(at: start))
        #expect(!breaker.admits(at: start + .milliseconds(999)))
    }

    @Test func afterTheCooldownOneProbeGoesThroughAndTheOthersWait() {
        breaker.failed(at: start)
        #expect(breaker.admits(at: start + .seconds(1)))
        #expect(breaker.current == .probing)
        #expect(!breaker.admits(at: start + .seconds(1)))
        #expect(!breaker.admits(at: start + .seconds(60)))
    }

    @Test func aProbeThatSucceedsClosesIt() {
        breaker.failed(at: start)
        #expect(breaker.admits(at: start + .seconds(2)))
        breaker.succeeded(at: start)
        #expect(breaker.admits(at: start + .seconds(2)))
        #expect(breaker.admits(at: start + .seconds(2)))
    }

    @Test func aProbeThatFailsOpensItForAnotherCooldown() {
        breaker.failed(at: start)
        #expect(breaker.admits(at: start + .seconds(2)))
        breaker.failed(at: start + .seconds(3))
        #expect(!breaker.admits(at: start + .milliseconds(3_500)))
        #expect(breaker.admits(at: start + .seconds(4)))
    }

    /// Work that waited too long while others got answers meets a busy database, not a down one.
    @Test func givingUpWhileOthersGetAnswersLeavesItClosed() {
        breaker.succeeded(at: start + .seconds(1))
        breaker.gaveUpWaiting(at: start + .seconds(2), since: start)
        #expect(breaker.current == .closed)
    }

    @Test func givingUpWhenNobodyGotAnAnswerOpensIt() {
        breaker.succeeded(at: start)
        breaker.gaveUpWaiting(at: start + .seconds(3), since: start + .seconds(1))
        #expect(breaker.current == .open(until: start + .seconds(4)))
    }

    @Test func aProbeGivingUpWhileOthersGotAnswersClosesIt() {
        breaker.failed(at: start)
        #expect(breaker.admits(at: start + .seconds(1)))
        breaker.succeeded(at: start + .milliseconds(1_500))
        breaker.gaveUpWaiting(at: start + .seconds(3), since: start + .seconds(1))
        #expect(breaker.current == .closed)
    }
}
