import Foundation
import Synchronization

/// A clock for tests that moves `step` forward every time it is read, so no two moves happen at
/// the same moment and a speed bonus never applies unless a test asks for it.
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
}
