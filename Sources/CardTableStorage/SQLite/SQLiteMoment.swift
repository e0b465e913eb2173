import Foundation
import GRDB
import SetCore

/// Moments as GRDB keeps them in SQLite: the text `yyyy-MM-dd HH:mm:ss.SSS` in UTC, which sorts
/// as the moments do.
///
/// GRDB writes that text with a shared `DateFormatter`, which costs a few microseconds a moment
/// (and every write binds one or more). This writes the same text with integer arithmetic (the
/// day from ``PuzzleDate/init(daysSince1970:)``), for the years 1970 to 9999; other moments go
/// to GRDB's formatter. `SQLiteMomentTests` checks the two agree, milliseconds included.
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
        let date = PuzzleDate(daysSince1970: Int(days))
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
            put(Int64(date.year), digits: 4, then: UInt8(ascii: "-"))
            put(Int64(date.month), digits: 2, then: UInt8(ascii: "-"))
            put(Int64(date.day), digits: 2, then: UInt8(ascii: " "))
            put(hour, digits: 2, then: UInt8(ascii: ":"))
            put(minute, digits: 2, then: UInt8(ascii: ":"))
            put(second, digits: 2, then: UInt8(ascii: "."))
            put(millisecond, digits: 3, then: nil)
            return end
        }
    }
}
