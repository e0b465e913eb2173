import Foundation
import GRDB

/// Moments as GRDB keeps them in SQLite: the text `yyyy-MM-dd HH:mm:ss.SSS` in UTC, which sorts
/// as the moments do.
///
/// GRDB writes that text with a shared `DateFormatter`, which costs a few microseconds a moment
/// (and every write binds one or more). This writes the same text with integer arithmetic, for
/// the years 1970 to 9999; other moments go to GRDB's formatter. `SQLiteMomentTests` checks
/// the two agree, milliseconds included.
enum SQLiteMoment {
    /// The first moment after the years written here, 10000-01-01 00:00:00 UTC, in milliseconds
    /// since 1970.
    private static let endOfYear9999: Double = 253_402_300_800_000

    /// `date` as GRDB binds it.
    static func databaseValue(_ date: Date) -> DatabaseValue {
        // NB: the same arithmetic as Foundation's formatter, which rounds the milliseconds since
        // 1970 to the nearest, a half up, by adding a half before ICU truncates them.
        let secondsSince1970 =
            date.timeIntervalSinceReferenceDate + Date.timeIntervalBetween1970AndReferenceDate
        let milliseconds = (secondsSince1970 * 1000 + 0.5).rounded(.down)
        guard milliseconds >= 0, milliseconds < endOfYear9999 else { return date.databaseValue }
        return text(millisecondsSince1970: Int64(milliseconds)).databaseValue
    }

    /// The text of a moment `milliseconds` after 1970 began (UTC), before year 10000.
    private static func text(millisecondsSince1970 milliseconds: Int64) -> String {
        let (days, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        let (hour, minuteMillisecond) = millisecondOfDay.quotientAndRemainder(dividingBy: 3_600_000)
        let (minute, secondMillisecond) = minuteMillisecond.quotientAndRemainder(dividingBy: 60_000)
        let (second, millisecond) = secondMillisecond.quotientAndRemainder(dividingBy: 1000)
        return String(unsafeUninitializedCapacity: 23) { text in
            var end = 0
            func put(_ value: Int64, digits: Int, then separator: UInt8?) {
                var rest = value
                for place in stride(from: end + digits - 1, through: end, by: -1) {
                    text[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                end += digits
                if let separator {
                    text[end] = separator
                    end += 1
                }
            }
            put(year, digits: 4, then: UInt8(ascii: "-"))
            put(month, digits: 2, then: UInt8(ascii: "-"))
            put(day, digits: 2, then: UInt8(ascii: " "))
            put(hour, digits: 2, then: UInt8(ascii: ":"))
            put(minute, digits: 2, then: UInt8(ascii: ":"))
            put(second, digits: 2, then: UInt8(ascii: "."))
            put(millisecond, digits: 3, then: nil)
            return end
        }
    }

    /// The Gregorian year, month and day of the day `days` after 1970-01-01 (not before it).
    ///
    /// Counts in 400-year eras that start on 1 March, so that the leap day ends a year.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let daysSinceMarch0000 = days + 719_468  // 0000-03-01 to 1970-01-01
        let era = daysSinceMarch0000 / 146_097  // days in 400 years
        let dayOfEra = daysSinceMarch0000 - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
