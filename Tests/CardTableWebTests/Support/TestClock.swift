import Foundation
import Synchronization

/// The app's clock in tests. It moves `step` seconds forward every time it is read, and as far as
/// a test moves it with ``advance(by:)``.
///
/// A `TestClock(step: 30)` (the default in ``withTestApp(clock:store:allowsTestSetups:_:)``)
/// puts 30 s between any two moves, so a Memorize speed bonus never applies; a
/// ``manual`` clock stands still, for tests that time things themselves.
final class TestClock: Sendable {
    private let current: Mutex<Date>
    private let step: TimeInterval

    init(step: TimeInterval, start: Date = Date(timeIntervalSince1970: 1_000_000)) {
        self.current = Mutex(start)
        self.step = step
    }

    /// A new clock that stands still until the test moves it.
    static var manual: TestClock { TestClock(step: 0) }

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
