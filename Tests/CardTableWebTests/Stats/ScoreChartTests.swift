import Foundation
import PropertyBased
import Testing

@testable import CardTableWeb

/// A chart's geometry: every game a dot inside the plot, oldest left, the highest score at the
/// top and the lowest (or 0) at the bottom.
@Suite struct ScoreChartTests {
    @Test func dotsFillThePlotInTheOrderPlayed() async {
        await propertyCheck(count: 200, input: Gen.int(in: -50...500).array(of: 1...50)) { scores in
            let games = scores.enumerated().map { index, score in
                ChartSeriesTests.game(.memorize, .solo, score: score, at: index)
            }
            guard let chart = ScoreChart(series: ChartSeries(game: .memorize, mode: .solo), games: games)
            else {
                Issue.record("a chart of \(games.count) games")
                return
            }
            #expect(chart.dots.count == scores.count)
            #expect(chart.points == chart.dots.map { "\($0.x),\($0.y)" }.joined(separator: " "))
            for dot in chart.dots {
                #expect((chart.leftMargin...(ScoreChart.width - ScoreChart.rightMargin)).contains(dot.x))
                #expect((ScoreChart.topMargin...ScoreChart.plotBottom).contains(dot.y))
            }
            for (left, right) in zip(chart.dots, chart.dots.dropFirst()) { #expect(left.x < right.x) }
            for (score, dot) in zip(scores, chart.dots) {
                if score == chart.highest { #expect(dot.y == ScoreChart.topMargin) }
                if score == chart.lowest && chart.highest != chart.lowest {
                    #expect(dot.y == ScoreChart.plotBottom)
                }
            }
            #expect(chart.highest == max(scores.max() ?? 0, chart.lowest))
            #expect(chart.lowest == min(scores.min() ?? 0, 0))
            // The score labels fit left of the y axis.
            let widest = max(String(chart.highest).count, String(chart.lowest).count)
            #expect(chart.leftMargin - 6 >= widest * DateTicks.characterWidth)
        }
    }

    @Test func anEmptySeriesHasNoChart() {
        #expect(ScoreChart(series: ChartSeries(game: .set, mode: .room), games: []) == nil)
    }
}
