import Foundation

/// Extra credit 4 of Assignment II: quick matches earn more.
///
/// The clock starts when the first card of a pair attempt turns face up. A match made `elapsed`
/// seconds later earns, on top of the base points,
///
///     bonus = ceil(maxExtraPoints × remaining / window),  remaining = max(0, window − elapsed)
///
/// so an instant match earns the full `maxExtraPoints`, the bonus shrinks linearly over the
/// window, and a match after the window earns the base points only. Mismatch penalties are never
/// scaled.
public struct SpeedBonus: Hashable, Sendable, Codable {
    /// How many seconds the bonus lasts after the first card of a pair is turned up.
    public var window: TimeInterval
    /// The most extra points a match can earn.
    public var maxExtraPoints: Int

    /// The bonus the web game uses: up to 8 extra points within 10 seconds.
    public static let standard = SpeedBonus(window: 10, maxExtraPoints: 8)

    public init(window: TimeInterval, maxExtraPoints: Int) {
        self.window = max(0, window)
        self.maxExtraPoints = max(0, maxExtraPoints)
    }

    /// Seconds of bonus left at `now` for a card turned up at `start`, between 0 and `window`.
    public func timeRemaining(since start: Date, at now: Date) -> TimeInterval {
        min(window, max(0, window - now.timeIntervalSince(start)))
    }

    /// The extra points a match made at `now` earns when its first card was turned up at `start`.
    public func points(since start: Date, at now: Date) -> Int {
        guard window > 0 else { return 0 }
        let share = timeRemaining(since: start, at: now) / window
        return Int((Double(maxExtraPoints) * share).rounded(.up))
    }
}
