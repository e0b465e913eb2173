/// A calendar day of the proleptic Gregorian calendar, as the daily puzzle names it (`2026-11-25`).
/// Days are counted from 1970-01-01 without a time zone: which day it is where the player is, is
/// the caller's business.
public struct PuzzleDate: Hashable, Comparable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years a puzzle date may fall in: four digits, so the text form is always `YYYY-MM-DD`.
    public static let years = 1970...9999

    /// The date, when it exists (no 30 February) and its year is in ``years``.
    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month),
            (1...Self.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The date written `YYYY-MM-DD` (exactly that: four, two and two digits).
    public init?(_ text: some StringProtocol) {
        guard let written = Self.numbers(in: text) else { return nil }
        self.init(year: written.year, month: written.month, day: written.day)
    }

    /// The first day there is: 1970-01-01.
    public static let first = PuzzleDate(year: years.lowerBound, month: 1, day: 1)!

    /// Whether `text` is a day of the calendar written `YYYY-MM-DD` that comes before ``first``,
    /// such as `1969-12-31` (``init(_:)`` turns it down, as it does text that is no day at all).
    public static func isDayBeforeFirst(_ text: some StringProtocol) -> Bool {
        guard let written = Self.numbers(in: text) else { return false }
        return written.year < years.lowerBound && (1...12).contains(written.month)
            && (1...length(ofMonth: written.month, in: written.year)).contains(written.day)
    }

    /// Why `text`, written `YYYY-MM-DD`, is no day of the calendar (`2026-02-30`, a 13th month),
    /// in words for a person; nil for a day, and for text not written that way at all.
    public static func whyNoDay(_ text: some StringProtocol) -> String? {
        guard let written = Self.numbers(in: text), PuzzleDate(text) == nil,
            !isDayBeforeFirst(text), (years.lowerBound...years.upperBound).contains(written.year)
        else { return nil }
        guard (1...12).contains(written.month) else { return "a year has 12 months" }
        let length = length(ofMonth: written.month, in: written.year)
        return "month \(written.month) of \(written.year) has \(length) days"
    }

    /// The day `days` days after 1970-01-01.
    /// - Precondition: the day falls in ``years``.
    public init(daysSince1970 days: Int) {
        // Counted in 400-year eras from 0000-03-01, so that a leap day ends its year.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard let date = PuzzleDate(year: year, month: month, day: day) else {
            preconditionFailure("\(days) days after 1970-01-01 is outside the puzzle years")
        }
        self = date
    }

    /// How many days after 1970-01-01 this date is.
    public var daysSince1970: Int {
        let yearFromMarch = month <= 2 ? year - 1 : year
        let era = yearFromMarch / 400
        let yearOfEra = yearFromMarch - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `count` days later (earlier when negative), or nil outside ``years``.
    public func adding(days count: Int) -> PuzzleDate? {
        let days = daysSince1970 + count
        guard (Self.first.daysSince1970...Self.last.daysSince1970).contains(days) else { return nil }
        return PuzzleDate(daysSince1970: days)
    }

    public static func < (lhs: PuzzleDate, rhs: PuzzleDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static let last = PuzzleDate(year: years.upperBound, month: 12, day: 31)!

    /// The year, month and day of text written `YYYY-MM-DD`, whether or not they make a date.
    private static func numbers(in text: some StringProtocol) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3,
            zip(parts, [4, 2, 2]).allSatisfy({ $0.count == $1 && $0.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return (year, month, day)
    }

    private static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension PuzzleDate: CustomStringConvertible {
    /// `YYYY-MM-DD`.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension PuzzleDate: Codable {
    /// Decodes `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = PuzzleDate(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(text) is not a YYYY-MM-DD date"))
        }
        self = date
    }

    /// Encodes `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
