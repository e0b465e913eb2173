import Foundation
import Synchronization

/// Slows down whoever keeps failing, such as a client guessing codes: each key (a client's
/// address) may fail ``Rules/allowance`` times in a row; then it must wait, and one failure is
/// forgiven every ``Rules/forgivenAfter`` seconds, so failing goes no faster than that. Attempts
/// that succeed cost nothing; whether a key that must wait is refused everything is the caller's
/// choice.
///
/// Each key owes the failures not yet forgiven (a leaky bucket). The time comes from the caller,
/// so tests move it. Memory is bounded: at most ``Rules/capacity`` keys are kept; to make room,
/// keys whose failures are all forgiven go first, then those closest to it, so a flood of new keys
/// cannot push out one that is being slowed. It is kept in memory, by each server instance.
package final class FailedAttemptLimiter<Key: Hashable & Sendable>: Sendable {
    /// How many failures a key may make, and how fast they are forgiven.
    package struct Rules: Sendable, Equatable {
        /// Failures a key may make in a row before it must wait.
        package var allowance: Int
        /// Seconds after which one failure is forgiven.
        package var forgivenAfter: TimeInterval
        /// The most keys kept at once.
        package var capacity: Int

        package init(allowance: Int, forgivenAfter: TimeInterval, capacity: Int) {
            (self.allowance, self.forgivenAfter, self.capacity) = (allowance, forgivenAfter, capacity)
        }
    }

    package let rules: Rules
    private let debts = Mutex<[Key: Debt]>([:])

    /// The failures a key owes as of a moment.
    private struct Debt {
        var failures: Double
        var asOf: Date

        /// What is left of them at `now`, once what is due has been forgiven.
        func failures(at now: Date, forgivenAfter: TimeInterval) -> Double {
            max(0, failures - max(0, now.timeIntervalSince(asOf)) / forgivenAfter)
        }
    }

    package init(_ rules: Rules) {
        precondition(rules.allowance > 0 && rules.forgivenAfter > 0 && rules.capacity > 0)
        self.rules = rules
    }

    /// How many seconds `key` must wait at `now` before it may try again; nil when it may try now.
    package func waitTime(for key: Key, at now: Date) -> TimeInterval? {
        let owed = debts.withLock { $0[key]?.failures(at: now, forgivenAfter: rules.forgivenAfter) ?? 0 }
        let excess = owed - Double(rules.allowance - 1)
        return excess > 0 ? excess * rules.forgivenAfter : nil
    }

    /// Counts a failure of `key` at `now`.
    package func recordFailure(of key: Key, at now: Date) {
        debts.withLock { record(key, at: now, in: &$0) }
    }

    /// For a limiter that counts every attempt, not only failures: counts one of `key`'s at `now`
    /// unless it must wait, in one step (so attempts at the same moment cannot all slip through).
    /// - Returns: How many seconds `key` must wait, when it must; nil when the attempt counted.
    package func admit(_ key: Key, at now: Date) -> TimeInterval? {
        debts.withLock { debts in
            let owed = debts[key]?.failures(at: now, forgivenAfter: rules.forgivenAfter) ?? 0
            let excess = owed - Double(rules.allowance - 1)
            if excess > 0 { return excess * rules.forgivenAfter }
            record(key, at: now, in: &debts)
            return nil
        }
    }

    /// How many keys are kept now.
    var keyCount: Int { debts.withLock(\.count) }

    private func record(_ key: Key, at now: Date, in debts: inout [Key: Debt]) {
        if debts[key] == nil, debts.count >= rules.capacity { makeRoom(in: &debts, at: now) }
        let known = debts[key]
        let owed = known?.failures(at: now, forgivenAfter: rules.forgivenAfter) ?? 0
        // NB: never back in time: a clock that goes back forgives nothing twice.
        debts[key] = Debt(failures: owed + 1, asOf: max(now, known?.asOf ?? now))
    }

    /// Forgets the keys that owe nothing, then, if that is not a quarter of ``Rules/capacity``, the
    /// ones that owe least, until three quarters are left: the work is done once per quarter of
    /// the capacity of new keys.
    private func makeRoom(in debts: inout [Key: Debt], at now: Date) {
        let forgivenAfter = rules.forgivenAfter
        debts = debts.filter { $0.value.failures(at: now, forgivenAfter: forgivenAfter) > 0 }
        let keep = rules.capacity * 3 / 4
        guard debts.count > keep else { return }
        let leastOwing = debts.sorted {
            $0.value.failures(at: now, forgivenAfter: forgivenAfter)
                < $1.value.failures(at: now, forgivenAfter: forgivenAfter)
        }
        for (key, _) in leastOwing.prefix(debts.count - keep) { debts[key] = nil }
    }
}
