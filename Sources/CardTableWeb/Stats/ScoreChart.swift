import Foundation
import Mustache
import TemplateFields

/// A small line chart of one series of dated values, oldest first (a game's scores in one mode, or
/// a rating after each rated game), drawn by the server as SVG: the points in the chart's own
/// coordinates, the values at the top and bottom of the y axis and the days under the x axis. A
/// table beside it lists the same values for screen readers.
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

    /// One value of the chart: what it is and when it was reached.
    struct Point {
        let value: Int
        let date: Date
    }

    /// "Memorize, solo".
    let title: String
    /// The chart's heading: "Memorize, solo: score over time".
    let heading: String
    /// What a value is, in the table's column: "Score", "Rating".
    let valueName: String
    /// What opens the table: "The scores as a table".
    let tableLabel: String
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
        let value: Int
    }

    /// The chart of `series`' `games` (oldest first); nil without any.
    init?(series: ChartSeries, games: [FinishedGame]) {
        self.init(
            title: series.title, slug: series.slug, heading: "\(series.title): score over time",
            valueName: "Score",
            counted: { $0 == 1 ? "the score of 1 game" : "scores of the last \($0) games" },
            points: games.map { Point(value: $0.score, date: $0.finishedAt) }, fromZero: true)
    }

    /// The chart of `points` (oldest first), its y axis from 0 when `fromZero` (scores) or from the
    /// lowest value (ratings, around 1500); `counted` says how many points there are in words.
    /// Nil without any points.
    init?(
        title: String, slug: String, heading: String, valueName: String, counted: (Int) -> String,
        points games: [Point], fromZero: Bool
    ) {
        guard let first = games.first, let last = games.last else { return nil }
        let scores = games.map(\.value)
        let highest = scores.max() ?? first.value
        let lowest = fromZero ? min(scores.min() ?? first.value, 0) : scores.min() ?? first.value
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
        self.title = title
        self.slug = slug
        self.heading = heading
        self.valueName = valueName
        tableLabel = "The \(valueName.lowercased())s as a table"
        self.leftMargin = leftMargin
        self.dots = dots
        points = dots.map { "\($0.x),\($0.y)" }.joined(separator: " ")
        self.highest = highest
        self.lowest = lowest
        ticks = DateTicks.ticks(xs: dots.map(\.x), dates: games.map(\.date), width: Self.width)
        let days = [first, last].map { String($0.date.minuteText.prefix(10)) }
        let when = days[0] == days[1] ? "on \(days[0])" : "from \(days[0]) to \(days[1])"
        summary = "\(title): \(counted(games.count)), \(when) (UTC), between \(lowest) and \(highest)."
        rows = games.enumerated().map { Row(number: $0 + 1, date: $1.date.minuteText, value: $1.value) }
    }
}
