/// A player's run of daily puzzles solved on their own day, one day after another.
///
/// Only a puzzle solved on its date counts: catching up from the archive later keeps the solve,
/// not the streak.
public struct DailyStreak: Hashable, Sendable {
    /// Days in a row up to today, or up to yesterday while today's puzzle is still open.
    public let current: Int
    /// The longest run ever.
    public let longest: Int

    /// The streaks of a player who solved the puzzles of `days` on their own day, as of `today`.
    public init(solvedOnTheDay days: some Sequence<PuzzleDate>, today: PuzzleDate) {
        let numbers = Set(days.map(\.daysSince1970)).filter { $0 <= today.daysSince1970 }.sorted()
        var longest = 0
        var run = 0
        var previous: Int?
        for number in numbers {
            run = previous.map { number == $0 + 1 } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = number
        }
        let last = numbers.last ?? .min
        let isAlive = last == today.daysSince1970 || last == today.daysSince1970 - 1
        self.current = isAlive ? run : 0
        self.longest = longest
    }
}
