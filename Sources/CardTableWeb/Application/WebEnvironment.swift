import Foundation

/// The outside facts the app depends on, passed in so tests can fix them.
public struct WebEnvironment: Sendable {
    /// The current time (the speed bonus and the records' dates use it).
    public var now: @Sendable () -> Date

    /// Creates an environment.
    /// - Parameter now: The clock; the system clock by default.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// The real clock.
    public static var live: WebEnvironment { WebEnvironment() }
}
