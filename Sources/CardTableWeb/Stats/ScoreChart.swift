import Mustache

/// A small line chart of one game's scores, oldest first, drawn by the server as SVG: the
/// points in the chart's own coordinates and the labels of its axis. A table beside it lists
/// the same scores for screen readers.
struct ScoreChart: Sendable, MustacheParent {
    static let width = 320
    static let height = 120
    /// Room left of the plot for the score labels, and above and below it.
    static let leftMargin = 34
    static let verticalMargin = 10

    /// "Memorize", "Set".
    let title: String
    /// The chart's `points` attribute: "34,110 54,62 …".
    let points: String
    /// The dots, one per game.
    let dots: [Dot]
    let highest: Int
    let lowest: Int
    /// Where the highest and lowest labels sit.
    let highestY: Int
    let lowestY: Int
    /// What the chart shows in a sentence.
    let summary: String
    /// The scores for the table: game number and score.
    let rows: [Row]
    let viewBox = "0 0 \(width) \(height)"
    /// Where the score axis runs, and where its labels end.
    let axisTop = 4
    let axisBottom = Self.height - 4
    let labelX = Self.leftMargin - 6

    struct Dot: Sendable, MustacheParent {
        let x: Int
        let y: Int
        func child(named key: String) -> Any? {
            switch key {
            case "x": x
            case "y": y
            default: nil
            }
        }
    }

    struct Row: Sendable, MustacheParent {
        let number: Int
        let date: String
        let score: Int
        func child(named key: String) -> Any? {
            switch key {
            case "number": number
            case "date": date
            case "score": score
            default: nil
            }
        }
    }

    /// The chart of `games` (oldest first); nil without any.
    init?(title: String, games: [FinishedGame], dateText: (FinishedGame) -> String) {
        guard let first = games.first else { return nil }
        let scores = games.map(\.score)
        let highest = scores.max() ?? first.score
        let lowest = min(scores.min() ?? first.score, 0)
        let span = max(1, highest - lowest)
        let plotWidth = Self.width - Self.leftMargin - 6
        let plotHeight = Self.height - 2 * Self.verticalMargin
        let step = games.count > 1 ? Double(plotWidth) / Double(games.count - 1) : 0
        let dots = scores.enumerated().map { index, score in
            Dot(
                x: Self.leftMargin + Int((Double(index) * step).rounded())
                    + (games.count > 1 ? 0 : plotWidth / 2),
                y: Self.verticalMargin
                    + Int((Double(highest - score) / Double(span) * Double(plotHeight)).rounded()))
        }
        self.title = title
        self.dots = dots
        points = dots.map { "\($0.x),\($0.y)" }.joined(separator: " ")
        self.highest = highest
        self.lowest = lowest
        highestY = Self.verticalMargin + 4
        lowestY = Self.height - Self.verticalMargin + 4
        let count = games.count == 1 ? "1 game" : "\(games.count) games"
        summary = "\(title) scores over the last \(count), from \(lowest) to \(highest)."
        rows = games.enumerated().map { Row(number: $0 + 1, date: dateText($1), score: $1.score) }
    }

    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "points": points
        case "dots": dots
        case "highest": highest
        case "lowest": lowest
        case "highestY": highestY
        case "lowestY": lowestY
        case "summary": summary
        case "rows": rows
        case "viewBox": viewBox
        case "axisTop": axisTop
        case "axisBottom": axisBottom
        case "labelX": labelX
        case "leftMargin": Self.leftMargin
        default: nil
        }
    }
}
