import SetCore

/// Which days have a puzzle, in words for a date that has none: every day from the first,
/// 1970-01-01, to today (UTC).
enum DailyDays {
    /// Said of a day before the first: "There is no puzzle of 1969-12-31: its date must be a day
    /// from 1970-01-01 (the first puzzle) to 2026-11-27 (today, UTC)."
    /// - Parameter field: What names the date: "its date" (the address's), "date" (a form's).
    static func noPuzzle(on day: String, field: String, today: PuzzleDate) -> String {
        "There is no puzzle of \(day): \(field) must be \(days(until: today))."
    }

    /// Said of a day after today: "The puzzle of 2026-11-28 is not out yet: …" (as ``noPuzzle(on:field:today:)``).
    static func notOutYet(_ date: PuzzleDate, field: String, today: PuzzleDate) -> String {
        "The puzzle of \(date) is not out yet: \(field) must be \(days(until: today))."
    }

    private static func days(until today: PuzzleDate) -> String {
        "a day from \(PuzzleDate.first) (the first puzzle) to \(today) (today, UTC)"
    }
}
