import SetCore
import Testing

@Suite struct DailyStreakTests {
    let today = PuzzleDate("2026-11-25")!

    func days(_ offsets: [Int]) -> [PuzzleDate] { offsets.map { today.adding(days: $0)! } }

    @Test func noSolvesNoStreak() {
        let streak = DailyStreak(solvedOnTheDay: [], today: today)
        #expect((streak.current, streak.longest) == (0, 0))
    }

    @Test func aRunEndingTodayOrYesterdayIsCurrent() {
        #expect(DailyStreak(solvedOnTheDay: days([-2, -1, 0]), today: today).current == 3)
        // Today's puzzle not solved yet: the run up to yesterday still stands.
        #expect(DailyStreak(solvedOnTheDay: days([-3, -2, -1]), today: today).current == 3)
    }

    @Test func aMissedDayEndsTheRun() {
        let streak = DailyStreak(solvedOnTheDay: days([-10, -9, -8, -7, -3, -2]), today: today)
        #expect(streak.current == 0)
        #expect(streak.longest == 4)
        let later = DailyStreak(solvedOnTheDay: days([-10, -9, -8, -7, -1, 0]), today: today)
        #expect((later.current, later.longest) == (2, 4))
    }

    @Test func repeatsAndFutureDaysDoNotCount() {
        let streak = DailyStreak(solvedOnTheDay: days([0, 0, -1, 1, 2]), today: today)
        #expect((streak.current, streak.longest) == (2, 2))
    }

    @Test func aRunAcrossMonthsAndYearsCounts() {
        let newYear = PuzzleDate("2027-01-02")!
        let solved = (-4...0).map { newYear.adding(days: $0)! }
        #expect(DailyStreak(solvedOnTheDay: solved, today: newYear).current == 5)
    }
}
