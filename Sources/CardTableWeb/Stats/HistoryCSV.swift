import Foundation

/// A player's history as CSV (RFC 4180, one game per line, oldest first), for a spreadsheet.
/// Columns are only ever added at the end, so a spreadsheet's formulas keep their places.
enum HistoryCSV {
    static let header = [
        "finished_at", "game", "theme", "mode", "score", "seconds", "moves", "matches", "match_points",
        "speed_bonus", "mismatch_penalties", "sets", "set_points", "wrong_sets", "wrong_set_penalties",
        "deal_penalties", "hint_penalties", "claims_out_of_time", "claim_out_of_time_penalties", "variant",
    ]

    /// The CSV text of `games`.
    static func text(of games: [FinishedGame]) -> String {
        var lines = [header.joined(separator: ",")]
        for game in games {
            var fields = [
                timestamp(game.finishedAt), game.game.rawValue, game.theme ?? "", game.mode.rawValue,
                String(game.score), String(format: "%.3f", game.seconds), String(game.moves),
            ]
            switch game.breakdown {
            case .memorize(let matches, let points):
                fields += [matches, points.matchPoints, points.speedBonusPoints, points.mismatchPenalties]
                    .map(
                        String.init)
                fields += Array(repeating: "", count: 8)
            case .set(let tally):
                fields += Array(repeating: "", count: 4)
                fields += [
                    tally.sets, tally.setPoints, tally.wrongSets, tally.wrongSetPenalties,
                    tally.dealPenalties, tally.hintPenalties, tally.claimsOutOfTime,
                    tally.claimOutOfTimePenalties,
                ].map(String.init)
            }
            fields.append(game.variant?.rawValue ?? "")
            lines.append(fields.map(field).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// `text` as one CSV field: quoted when it holds a comma, quote or line break, and with a
    /// leading `'` when a spreadsheet would take it for a formula (a theme named `=1+1`, or
    /// `＝1+1`, which a spreadsheet may fold to `=`); a plain decimal number such as `-12` is left
    /// as it is (`-nan` and `+inf` are not that).
    static func field(_ text: String) -> String {
        var text = text
        let folded = text.precomposedStringWithCompatibilityMapping
        if let first = folded.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first),
            !isPlainNumber(text)
        {
            text = "'" + text
        }
        guard text.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether `text` is a decimal number as this file writes them: digits, with a minus sign
    /// before and a point inside if any.
    private static func isPlainNumber(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
    }

    /// A moment as ISO 8601 in UTC, to the second.
    private static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
