import Foundation
import GRDB
import PropertyBased
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// ``SQLiteMoment`` writes exactly the text GRDB's own formatter writes, so moments saved before
/// and after it sort and read the same.
@Suite struct SQLiteMomentTests {
    /// Milliseconds since 1970 up to the end of year 9999, each with a fraction of a millisecond,
    /// often on the edge of rounding up or down.
    static let moments = zip(
        Gen.int64(in: 0...253_402_300_799_998), Gen.int(in: 0...8)
    ).map { milliseconds, edge in
        let fraction = [0, 0.0004, 0.25, 0.499_9, 0.499_999_9, 0.5, 0.500_000_1, 0.9996, 0.999_999_9][edge]
        return Date(timeIntervalSince1970: (Double(milliseconds) + fraction) / 1000)
    }

    @Test func aMomentIsWrittenAsGRDBWritesIt() async {
        await propertyCheck(count: 5000, input: Self.moments) { date in
            #expect(SQLiteMoment.databaseValue(date) == date.databaseValue, "\(date.timeIntervalSince1970)")
        }
    }

    @Test(arguments: [
        "1970-01-01 00:00:00.000", "1972-02-29 23:59:59.999", "2000-02-29 12:00:00.001",
        "2026-11-27 01:30:00.250", "2100-03-01 00:00:00.000", "9999-12-31 23:59:59.999",
    ])
    func daysMonthsAndLeapYearsComeOutRight(text: String) throws {
        let date = try #require(Date.fromDatabaseValue(text.databaseValue))
        #expect(SQLiteMoment.databaseValue(date) == text.databaseValue)
    }

    /// Before 1970 and from year 10000, GRDB's formatter writes the moment.
    @Test(arguments: [-1.5, -86_400_000.0, 253_402_300_800.0, 300_000_000_000.0])
    func momentsOutsideTheYearsWrittenHereGoToGRDB(secondsSince1970: Double) {
        let date = Date(timeIntervalSince1970: secondsSince1970)
        #expect(SQLiteMoment.databaseValue(date) == date.databaseValue)
    }
}
