import Foundation
import PropertyBased
import SetCore
import Testing

@Suite struct DailySetPuzzleTests {
    /// Every day of the next ten years: twelve distinct cards holding exactly six Sets, and the
    /// same puzzle when the date is asked again.
    @Test func everyDayOfTheNextTenYearsHoldsExactlySixSets() throws {
        let first = try #require(PuzzleDate("2026-11-25"))
        var puzzles: Set<[SetCard]> = []
        for offset in 0..<(10 * 366) {
            let date = try #require(first.adding(days: offset))
            let puzzle = DailySetPuzzle(date: date)
            #expect(puzzle.date == date)
            #expect(puzzle.cards.count == 12)
            #expect(Set(puzzle.cards).count == 12)
            #expect(SetRules.allSets(in: puzzle.cards).count == 6)
            #expect(DailySetPuzzle(date: date) == puzzle)
            puzzles.insert(puzzle.cards)
        }
        // NB: not a rule, but a date-blind generator would repeat itself.
        #expect(puzzles.count == 10 * 366)
    }

    /// A few days pinned down: a change to how puzzles are drawn would change everyone's puzzle
    /// (and every shared result) for dates already played.
    @Test func knownDatesKeepTheirPuzzles() throws {
        for (text, ids) in Self.pinnedPuzzles {
            let puzzle = DailySetPuzzle(date: try #require(PuzzleDate(text)))
            #expect(puzzle.cards.map(\.id) == ids, "\(text)")
        }
    }

    /// Recorded from the first implementation (card ids, in layout order).
    static let pinnedPuzzles: [(String, [Int])] = [
        ("2026-11-25", [74, 29, 16, 70, 77, 20, 49, 53, 55, 13, 17, 30]),
        ("2027-01-01", [43, 25, 52, 6, 23, 10, 51, 9, 13, 61, 79, 17]),
        ("2030-06-15", [33, 53, 18, 70, 52, 36, 2, 48, 26, 14, 17, 56]),
    ]
}
