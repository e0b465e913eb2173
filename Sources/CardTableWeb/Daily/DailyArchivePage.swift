import Mustache
import SetCore
import TemplateFields

/// Earlier daily puzzles, 30 days at a time, newest first, each with the player's counted solve.
@TemplateFields
struct DailyArchivePage: PageModel {
    static let template = "daily-archive"
    /// Days a page lists.
    static let dayCount = 30

    /// One day of the archive.
    @TemplateFields
    struct Day: Encodable, Sendable, MustacheParent {
        let date: String
        let dateText: String
        let url: String
        let isToday: Bool
        /// The counted solve's time, or nil when the day is not solved.
        let solvedIn: String?
    }

    let title = "Daily Set: earlier puzzles"
    let days: [Day]
    let solvedCount: Int
    /// The page before this one's first day, if the archive goes back further.
    let olderURL: String?
    /// The page after this one, unless it ends today.
    let newerURL: String?
    let today: String
    let todayURL = DailyRoute.today.path
    let archiveURL = DailyRoute.archive.path
    let chooserURL = ThemesRoute.chooser().path

    init(endingOn last: PuzzleDate, today: PuzzleDate, solves: [DailySolve]) {
        let solved = Dictionary(solves.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let dates = (0..<Self.dayCount).compactMap { last.adding(days: -$0) }
        days = dates.map { date in
            Day(
                date: date.description, dateText: DailyPage.words(for: date), url: DailyRoute.day(date).path,
                isToday: date == today,
                solvedIn: solved[date].map { PlayingClock.text(seconds: Int($0.seconds)) })
        }
        solvedCount = days.count { $0.solvedIn != nil }
        olderURL = dates.last.flatMap { first in
            first.adding(days: -1).map { _ in Self.url(before: first) }
        }
        let newerLast = last.adding(days: Self.dayCount) ?? today
        newerURL =
            last >= today
            ? nil
            : newerLast >= today ? DailyRoute.archive.path : newerLast.adding(days: 1).map(Self.url(before:))
        self.today = today.description
    }

    private static func url(before date: PuzzleDate) -> String {
        DailyRoute.archive.path + "?before=" + date.description
    }
}
