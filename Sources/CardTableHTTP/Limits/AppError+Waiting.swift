import Foundation

extension AppError {
    /// A 429 saying `reason`, then how long to wait: the limiter's `wait` in whole seconds (at
    /// least one, and less a rounding error, so 6.000000000000001 s is 6), also as `Retry-After`.
    package static func tooManyRequests(_ reason: String, waiting wait: TimeInterval) -> AppError {
        let seconds = max(1, Int((wait - 1e-6).rounded(.up)))
        return .tooManyRequests(
            "\(reason): wait \(seconds) \(seconds == 1 ? "second" : "seconds"), then try again.",
            retryAfter: seconds)
    }
}
