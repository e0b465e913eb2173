import CoreMetrics
import Hummingbird

/// How long one kind of database transaction takes, and how often it fails.
package struct TransactionMeters: Sendable {
    let duration: Timer
    /// Transactions that failed for the database's sake (unreachable, a refused statement, a
    /// damaged file); a move the app refuses in words (``AppError``) is no database error.
    package let errors: Counter

    /// Runs `body`, recording how long it took and whether it failed.
    package func measure<Value>(_ body: () async throws -> Value) async throws -> Value {
        let started = ContinuousClock.now
        defer { duration.recordNanoseconds((ContinuousClock.now - started).nanoseconds) }
        do {
            return try await body()
        } catch {
            if !(error is AppError || error is any HTTPResponseError) { errors.increment() }
            throw error
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
