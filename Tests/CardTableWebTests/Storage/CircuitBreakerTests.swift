import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// The breaker PostgreSQL's work goes through: closed, open for its cooldown after a failure,
/// then one probe at a time until the database answers again.
@Suite struct CircuitBreakerTests {
    let start = ContinuousClock.now
    let breaker = CircuitBreaker(cooldown: .seconds(1))

    @Test func closedItLetsEverythingThrough() {
        #expect((0..<5).allSatisfy { _ in breaker.admits(at: start) == .closed })
        breaker.succeeded(at: start)
        #expect(breaker.current == .closed)
    }

    @Test func aFailureRefusesEveryoneForTheCooldown() {
        breaker.failed(at: start)
        #expect(breaker.current == .open(until: start + .seconds(1)))
        #expect(nil == breaker.admits(at: start))
        #expect(nil == breaker.admits(at: start + .milliseconds(999)))
    }

    @Test func afterTheCooldownOneProbeGoesThroughAndTheOthersWait() {
        breaker.failed(at: start)
        #expect(breaker.admits(at: start + .seconds(1)) == .probe)
        #expect(breaker.current == .probing)
        #expect(nil == breaker.admits(at: start + .seconds(1)))
        #expect(nil == breaker.admits(at: start + .seconds(60)))
    }

    @Test func aProbeThatSucceedsClosesIt() {
        breaker.failed(at: start)
        #expect(nil != breaker.admits(at: start + .seconds(2)))
        breaker.succeeded(at: start)
        #expect(nil != breaker.admits(at: start + .seconds(2)))
        #expect(nil != breaker.admits(at: start + .seconds(2)))
    }

    @Test func aProbeThatFailsOpensItForAnotherCooldown() {
        breaker.failed(at: start)
        #expect(nil != breaker.admits(at: start + .seconds(2)))
        breaker.failed(at: start + .seconds(3))
        #expect(nil == breaker.admits(at: start + .milliseconds(3_500)))
        #expect(nil != breaker.admits(at: start + .seconds(4)))
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

    /// A probe whose caller went away learned nothing: the next caller probes instead.
    @Test func anAbandonedProbePassesItsTurnOn() {
        breaker.failed(at: start)
        let probe = breaker.admits(at: start + .seconds(1))
        #expect(probe == .probe)
        breaker.abandoned(.probe, at: start + .seconds(2))
        #expect(breaker.admits(at: start + .seconds(2)) == .probe)
    }

    @Test func anAbandonedCallThatWasNoProbeChangesNothing() {
        breaker.abandoned(.closed, at: start)
        #expect(breaker.current == .closed)
        breaker.failed(at: start)
        breaker.abandoned(.closed, at: start)
        #expect(breaker.current == .open(until: start + .seconds(1)))
    }
}
