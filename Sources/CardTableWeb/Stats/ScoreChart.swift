import Foundation
import Mustache
import TemplateFields

/// A small line chart of one series' scores (a game in one mode), oldest first, drawn by the
/// server as SVG: the points in the chart's own coordinates, the scores at the top and bottom of
/// the y axis and the days under the x axis. A table beside it lists the same scores for screen
/// readers.
@TemplateFields
struct ScoreChart: Sendable, MustacheParent {
    static let width = 320
    static let height = 140
    /// The least room left of the plot for the score labels, and the room right of it and above it.
    static let minimumLeftMargin = 34
    static let rightMargin = 12
    static let topMargin = 10
    /// Where the lowest score is drawn, and the x axis below it.
    static let plotBottom = 110
    static let xAxisY = 116
    /// How far in from the y axis the first game is drawn.
    static let inset = 6

    /// "Memorize, solo".
    let title: String
    /// Its name in the page's ids: "memorize-solo".
    let slug: String
    /// Where the y axis is: right of its widest score label.
    let leftMargin: Int
    /// The chart's `points` attribute: "40,110 60,62 …".
    let points: String
    /// The dots, one per game.
    let dots: [Dot]
    let highest: Int
    let lowest: Int
    /// The days under the x axis.
    let ticks: [DateTick]
    /// What the chart shows in a sentence.
    let summary: String
    /// The scores for the table: game number and score.
    let rows: [Row]
    let viewBox = "0 0 \(width) \(height)"

    // MARK: - The axes and their labels

    @TemplateField
    var yAxisTop: Int { 4 }
    @TemplateField
    var xAxisY: Int { Self.xAxisY }
    @TemplateField
    var xAxisRight: Int { Self.width - Self.rightMargin / 2 }
    @TemplateField
    var tickBottom: Int { Self.xAxisY + 4 }
    @TemplateField
    var dateY: Int { Self.height - 8 }
    @TemplateField
    var labelX: Int { leftMargin - 6 }
    @TemplateField
    var highestY: Int { Self.topMargin + 4 }
    @TemplateField
    var lowestY: Int { Self.plotBottom + 4 }

    @TemplateFields
    struct Dot: Sendable, MustacheParent {
        let x: Int
        let y: Int
    }

    @TemplateFields
    struct Row: Sendable, MustacheParent {
        let number: Int
        let date: String
        let score: Int
    }

    /// The chart of `series`' `games` (oldest first); nil without any.
    init?(series: ChartSeries, games: [FinishedGame]) {
        guard let first = games.first, let last = games.last else { return nil }
        let scores = games.map(\.score)
        let highest = scores.max() ?? first.score
        let lowest = min(scores.min() ?? first.score, 0)
        let span = max(1, highest - lowest)
        // NB: a label is at most 6 units a character (DateTicks.characterWidth), 6 from the axis.
        let widest = max(String(highest).count, String(lowest).count)
        let leftMargin = max(Self.minimumLeftMargin, widest * DateTicks.characterWidth + 8)
        let plotWidth = Self.width - leftMargin - Self.inset - Self.rightMargin
        let plotHeight = Self.plotBottom - Self.topMargin
        let step = games.count > 1 ? Double(plotWidth) / Double(games.count - 1) : 0
        let dots = scores.enumerated().map { index, score in
            Dot(
                x: leftMargin + Self.inset + Int((Double(index) * step).rounded())
                    + (games.count > 1 ? 0 : plotWidth / 2),
                y: Self.topMargin
                    + Int((Double(highest - score) / Double(span) * Double(plotHeight)).rounded()))
        }
        title = series.title
        slug = series.slug
        self.leftMargin = leftMargin
        self.dots = dots
        points = dots.map { "\($0.x),\($0.y)" }.joined(separator: " ")
        self.highest = highest
        self.lowest = lowest
        ticks = DateTicks.ticks(xs: dots.map(\.x), dates: games.map(\.finishedAt), width: Self.width)
        let count = games.count == 1 ? "the score of 1 game" : "scores of the last \(games.count) games"
        let days = [first, last].map { String($0.finishedAtText.prefix(10)) }
        let when = days[0] == days[1] ? "on \(days[0])" : "from \(days[0]) to \(days[1])"
        summary = "\(title): \(count), \(when) (UTC), between \(lowest) and \(highest)."
        rows = games.enumerated().map { Row(number: $0 + 1, date: $1.finishedAtText, score: $1.score) }
    }
}
