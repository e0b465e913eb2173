import Foundation
import Synchronization

/// A clock for tests. By default it moves `step` (30 s) forward every time it is read, so no two
/// moves happen at the same moment and a speed bonus never applies; a test that wants to time
/// things itself makes one with `step: 0` and moves it with ``advance(by:)``.
final class TestClock: Sendable {
    private let current: Mutex<Date>
    private let step: TimeInterval

    init(start: Date = Date(timeIntervalSince1970: 1_000_000), step: TimeInterval = 30) {
        self.current = Mutex(start)
        self.step = step
    }

    func now() -> Date {
        current.withLock { date in
            date += step
            return date
        }
    }

    /// Moves the clock forward by `seconds`.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
