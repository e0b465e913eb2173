import Foundation
import PropertyBased
import Testing

@testable import CardTableWeb

/// The days under a chart's x axis: each at its day's first game, readable (never touching,
/// never out of the chart), the first day always and the last whenever it fits.
@Suite struct DateTicksTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// Noon (UTC) of a day, `hours` later.
    static func day(_ year: Int, _ month: Int, _ day: Int, hours: Int = 0) -> Date {
        let noon =
            utc.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? .distantPast
        return noon + Double(3600 * hours)
    }

    static func chart(of dates: [Date]) -> ScoreChart? {
        let games = dates.enumerated().map { index, date in
            FinishedGame(
                game: .set, theme: nil, mode: .solo, score: index % 7,
                breakdown: .set(.init(sets: 1, setPoints: 1)),
                seconds: 10, moves: 1, finishedAt: date)
        }
        return ScoreChart(series: ChartSeries(game: .set, mode: .solo), games: games)
    }

    @Test(arguments: [
        ([day(2026, 11, 25)], ["25 Nov"]),
        ([day(2026, 1, 2), day(2026, 11, 25)], ["2 Jan", "25 Nov"]),
        // Spanning two years, the labels say which.
        ([day(2025, 12, 30), day(2026, 1, 2)], ["30 Dec 2025", "2 Jan 2026"]),
        // A day is UTC's: 23:30 and 00:30 are two days.
        ([day(2026, 3, 1, hours: 11) + 1800, day(2026, 3, 1, hours: 12) + 1800], ["1 Mar", "2 Mar"]),
    ])
    func labels(dates: [Date], texts: [String]) throws {
        let chart = try #require(Self.chart(of: dates))
        #expect(chart.ticks.map(\.text) == texts)
    }

    @Test func gamesOfOneDayHaveOneDateAtTheFirst() throws {
        let chart = try #require(Self.chart(of: (0..<12).map { Self.day(2026, 5, 4, hours: $0 % 11 - 5) }))
        #expect(chart.ticks.map(\.text) == ["4 May"])
        #expect(chart.ticks.map(\.x) == [chart.dots[0].x])
    }

    @Test func aSingleGameHasItsDateUnderIt() throws {
        let chart = try #require(Self.chart(of: [Self.day(2026, 5, 4)]))
        #expect(chart.ticks == [DateTick(x: chart.dots[0].x, labelX: chart.dots[0].x, text: "4 May")])
    }

    @Test func fiftyDaysShowSeveralDatesFirstAndLastIncluded() throws {
        let chart = try #require(Self.chart(of: (0..<50).map { Self.day(2026, 1, 1) + Double(86_400 * $0) }))
        #expect(chart.ticks.count >= 4)
        #expect(chart.ticks.first?.text == "1 Jan")
        #expect(chart.ticks.last?.text == "19 Feb")
    }

    /// Whatever the days, the dates are the first games of their days, in order, inside the
    /// chart and apart; the first day is there, and the last unless it would touch the first.
    @Test func datesAreReadableAndTrue() async {
        let gaps = Gen.int(in: 0...100).array(of: 1...50)
        await propertyCheck(count: 300, input: gaps, Gen.int(in: 0...800)) { gaps, start in
            // NB: mostly games hours apart, some days or a year apart.
            var date = Self.day(2026, 1, 1) + Double(86_400 * start)
            let dates = gaps.map { gap in
                date += Double(gap < 70 ? 3600 * (gap % 9) : gap < 98 ? 86_400 * (gap - 69) : 86_400 * 300)
                return date
            }
            guard let chart = Self.chart(of: dates) else {
                Issue.record("a chart of \(dates.count) games")
                return
            }
            let days = dates.map { Self.utc.dateComponents([.year, .month, .day], from: $0) }
            let showsYear = days.first?.year != days.last?.year
            let ticks = chart.ticks
            #expect(ticks.first?.x == chart.dots[0].x)
            #expect(ticks.first?.text == DateTicks.text(of: days[0], withYear: showsYear))
            for tick in ticks {
                #expect(2 * tick.labelX - tick.labelWidth >= 0)
                #expect(2 * tick.labelX + tick.labelWidth <= 2 * ScoreChart.width)
                let index = chart.dots.firstIndex { $0.x == tick.x }
                guard let index else {
                    Issue.record("a tick at \(tick.x), where no game is")
                    continue
                }
                #expect(index == 0 || days[index - 1] != days[index], "a tick at its day's first game")
                #expect(tick.text == DateTicks.text(of: days[index], withYear: showsYear))
            }
            for (left, right) in zip(ticks, ticks.dropFirst()) {
                #expect(left.x < right.x)
                #expect(!DateTicks.overlaps(left, right))
            }
            if let firstDay = days.first, let lastDay = days.last, firstDay != lastDay,
                let lastGame = days.firstIndex(of: lastDay), let first = ticks.first
            {
                let lastTick = DateTicks.tick(
                    at: chart.dots[lastGame].x, text: DateTicks.text(of: lastDay, withYear: showsYear),
                    width: ScoreChart.width)
                #expect(ticks.last == lastTick || DateTicks.overlaps(first, lastTick))
            }
        }
    }
}
