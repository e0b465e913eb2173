import Foundation

extension Date {
    /// Whether `other` is this moment as a database gives it back: SQLite keeps moments to the
    /// millisecond and PostgreSQL to the microsecond.
    package func isSameStoredMoment(as other: Date) -> Bool {
        abs(timeIntervalSince(other)) < 0.002
    }
}

extension TimeInterval {
    /// These seconds as the whole milliseconds a duration column keeps.
    package var storedMilliseconds: Int64 { Int64((Swift.max(0, self) * 1000).rounded()) }

    /// The seconds a duration column's milliseconds stand for.
    package init(storedMilliseconds milliseconds: Int64) {
        self = Double(milliseconds) / 1000
    }
}
