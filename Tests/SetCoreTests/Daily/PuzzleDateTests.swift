import Foundation
import PropertyBased
import SetCore
import Testing

@Suite struct PuzzleDateTests {
    @Test func readsAndWritesYYYYMMDD() throws {
        let date = try #require(PuzzleDate("2026-11-25"))
        #expect((date.year, date.month, date.day) == (2026, 11, 25))
        #expect(date.description == "2026-11-25")
        #expect(PuzzleDate(year: 2027, month: 1, day: 5)?.description == "2027-01-05")
    }

    @Test(arguments: [
        "", "2026-11", "2026-11-25-1", "26-11-25", "2026-1-25", "2026-11-5", "2026-13-01", "2026-00-10",
        "2026-02-29", "2100-02-29", "2026-04-31", "2026-11-00", "１２３４-11-25", "2026-+1-25", "1969-12-31",
        "10000-01-01", "2026/11/25", " 2026-11-25",
    ])
    func refusesWhatIsNotADay(text: String) {
        #expect(PuzzleDate(text) == nil)
    }

    /// A day before the first is told apart from text that is no day, so a page can say which.
    @Test(arguments: [
        ("1969-12-31", true), ("0001-01-01", true), ("1968-02-29", true), ("1900-02-29", false),
        ("1969-13-01", false), ("1969-04-31", false), ("1969-00-10", false), ("1969-1-01", false),
        ("1970-01-01", false), ("2026-11-25", false), ("2026-02-30", false), ("today", false), ("", false),
    ])
    func aDayBeforeTheFirstIsADayStill(text: String, isDayBeforeFirst: Bool) {
        #expect(PuzzleDate.isDayBeforeFirst(text) == isDayBeforeFirst)
        if isDayBeforeFirst { #expect(PuzzleDate(text) == nil) }
    }

    @Test func theFirstDayIsTheFirstOfTheYears() {
        #expect(PuzzleDate.first.description == "1970-01-01")
        #expect(PuzzleDate.first.daysSince1970 == 0)
    }

    @Test func leapDaysAreDays() {
        #expect(PuzzleDate("2024-02-29") != nil)
        #expect(PuzzleDate("2000-02-29") != nil)
    }

    /// Day numbers agree with Foundation's Gregorian calendar in UTC on every day of 1970–2100.
    @Test func dayNumbersAgreeWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let epoch = Date(timeIntervalSince1970: 0)
        for number in 0...(PuzzleDate("2100-12-31")!.daysSince1970) {
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: epoch.addingTimeInterval(Double(number) * 86_400))
            let date = PuzzleDate(daysSince1970: number)
            guard (date.year, date.month, date.day) == (parts.year, parts.month, parts.day) else {
                Issue.record("day \(number): \(date), Foundation says \(parts)")
                return
            }
        }
    }

    @Test func dayNumbersRoundTripOverEveryYear() async {
        let last = PuzzleDate("9999-12-31")!.daysSince1970
        await propertyCheck(input: Gen.int(in: 0...last)) { number in
            let date = PuzzleDate(daysSince1970: number)
            #expect(date.daysSince1970 == number)
            #expect(PuzzleDate(date.description) == date)
            #expect(date.adding(days: 1).map { $0 > date } ?? (number == last))
        }
    }

    @Test func addingDaysStopsAtTheYearsEnds() {
        #expect(PuzzleDate("2026-12-31")?.adding(days: 1)?.description == "2027-01-01")
        #expect(PuzzleDate("2024-03-01")?.adding(days: -1)?.description == "2024-02-29")
        #expect(PuzzleDate("1970-01-01")?.adding(days: -1) == nil)
        #expect(PuzzleDate("9999-12-31")?.adding(days: 1) == nil)
    }

    @Test func codesAsItsText() throws {
        let date = try #require(PuzzleDate("2026-11-25"))
        let data = try JSONEncoder().encode([date])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-25"]"#)
        #expect(try JSONDecoder().decode([PuzzleDate].self, from: data) == [date])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PuzzleDate].self, from: Data(#"["2026-02-30"]"#.utf8))
        }
    }
}
