import Foundation
import Mustache
import TemplateFields

/// A date under a chart's x axis: the day of the game it stands at.
@TemplateFields
struct DateTick: Hashable, Sendable, MustacheParent {
    /// Where the tick mark is: the x of the day's first game.
    let x: Int
    /// Where the label is centred, kept inside the chart.
    let labelX: Int
    /// "25 Nov", or "25 Nov 2026" on a chart whose games span two years or more.
    let text: String

    /// How wide the label is drawn, at most (see ``DateTicks/characterWidth``).
    var labelWidth: Int { text.count * DateTicks.characterWidth }
}

/// The dates a chart's x axis shows: of each day (UTC) with a game, a tick at the first game
/// that day, as many as fit without their labels touching. The first day is always shown, and
/// the last whenever it fits beside it.
enum DateTicks {
    /// The widest a label character is drawn, in chart units (at the chart's 10-unit font).
    static let characterWidth = 6
    /// The least room between two labels.
    static let gap = 6

    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The ticks of games finished at `dates` (oldest first) drawn at `xs`, on a chart `width`
    /// units wide.
    static func ticks(xs: [Int], dates: [Date], width: Int) -> [DateTick] {
        let days = dates.map { utc.dateComponents([.year, .month, .day], from: $0) }
        let showsYear = days.first?.year != days.last?.year
        var candidates: [DateTick] = []
        for (index, day) in days.enumerated() where index == 0 || days[index - 1] != day {
            candidates.append(tick(at: xs[index], text: text(of: day, withYear: showsYear), width: width))
        }
        guard let first = candidates.first, let last = candidates.last else { return [] }
        var chosen = [first]
        for candidate in candidates.dropFirst() where !overlaps(chosen[chosen.count - 1], candidate) {
            chosen.append(candidate)
        }
        // NB: the last day says how far the chart runs: it takes the place of the ticks it
        // would touch, but never the first day's.
        if chosen.last != last {
            while chosen.count > 1, overlaps(chosen[chosen.count - 1], last) { chosen.removeLast() }
            if !overlaps(chosen[chosen.count - 1], last) { chosen.append(last) }
        }
        return chosen
    }

    /// Whether `right`'s label starts less than ``gap`` after `left`'s ends.
    static func overlaps(_ left: DateTick, _ right: DateTick) -> Bool {
        2 * left.labelX + left.labelWidth + 2 * gap > 2 * right.labelX - right.labelWidth
    }

    /// "25 Nov", "25 Nov 2026".
    static func text(of day: DateComponents, withYear: Bool) -> String {
        let month = months[((day.month ?? 1) - 1 + 12) % 12]
        let text = "\(day.day ?? 1) \(month)"
        return withYear ? "\(text) \(day.year ?? 0)" : text
    }

    /// The tick of a game drawn at `x` on a chart `width` units wide: its label centred under it,
    /// or as near as the chart's edges allow.
    static func tick(at x: Int, text: String, width: Int) -> DateTick {
        let half = (text.count * characterWidth + 1) / 2
        return DateTick(x: x, labelX: min(max(x, half), width - half), text: text)
    }
}
