import Foundation

/// The outside facts the app depends on, passed in so tests can fix them.
package struct WebEnvironment: Sendable {
    /// The current time (the speed bonus and the records' dates use it).
    package var now: @Sendable () -> Date
    /// Whether `POST /set/test-setup` exists, so tests can start a Set game from a seed or a given
    /// table. Never on for players; `cardtable serve` turns it on only when asked to.
    package var allowsTestSetups: Bool

    /// Creates an environment.
    /// - Parameters:
    ///   - now: The clock; the system clock by default.
    ///   - allowsTestSetups: Whether tests may set up Set games; off by default.
    package init(now: @escaping @Sendable () -> Date = { Date() }, allowsTestSetups: Bool = false) {
        self.now = now
        self.allowsTestSetups = allowsTestSetups
    }

    /// The real clock.
    package static var live: WebEnvironment { WebEnvironment() }
}
