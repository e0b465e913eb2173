import NIOCore
import Synchronization
import Testing

@testable import CardTableStorage

/// The one timer that gives up PostgreSQL work still waiting for a connection at its deadline.
@Suite struct LeaseWatchTests {
    /// A watch whose own timer does not fire during a test: the tests call its check themselves.
    let watch = LeaseWatch(checkingEvery: .seconds(3_600))
    let start = NIODeadline.now()
    let givenUp = GivenUp()

    /// The names of the work given up, in order.
    final class GivenUp: Sendable {
        private let names = Mutex<[String]>([])

        func append(_ name: String) { names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }

    private func watch(_ name: String, until deadline: NIODeadline) -> LeaseWatch.Ticket {
        watch.watch(until: deadline) { [givenUp] in givenUp.append(name) }
    }

    @Test func onlyWorkPastItsDeadlineIsGivenUp() {
        _ = watch("early", until: start + .seconds(1))
        _ = watch("late", until: start + .seconds(3))
        watch.giveUpOverdue(at: start + .seconds(2))
        #expect(givenUp.all == ["early"])
        #expect(watch.count == 1)
    }

    @Test func workIsGivenUpOnce() {
        _ = watch("early", until: start + .seconds(1))
        watch.giveUpOverdue(at: start + .seconds(2))
        watch.giveUpOverdue(at: start + .seconds(3))
        #expect(givenUp.all == ["early"])
        #expect(watch.count == 0)
    }

    @Test func workForgottenBeforeItsDeadlineIsNeverGivenUp() {
        let ticket = watch("done", until: start + .seconds(1))
        _ = watch("waiting", until: start + .seconds(1))
        watch.forget(ticket)
        watch.giveUpOverdue(at: start + .seconds(2))
        #expect(givenUp.all == ["waiting"])
    }

    /// The timer, on an event loop, gives up work whose deadline has passed, stops once nothing is
    /// watched, and starts again with the next piece of work (else the second wait never ends).
    @Test(.timeLimit(.minutes(10))) func theTimerRunsOnlyWhileWorkIsWatched() async {
        let often = LeaseWatch(checkingEvery: .milliseconds(10))
        #expect(!often.isTicking)
        for _ in 1...2 {
            await withCheckedContinuation { (givenUp: CheckedContinuation<Void, Never>) in
                _ = often.watch(until: .now()) { givenUp.resume() }
            }
            #expect(!often.isTicking)
        }
    }

    @Test func aStoppedWatchStartsNoTimer() {
        let stopped = LeaseWatch(checkingEvery: .milliseconds(10))
        stopped.stop()
        _ = stopped.watch(until: .now()) {}
        #expect(!stopped.isTicking)
    }
}
