import CardTableBasics
import Foundation
import Mustache
import SetCore

extension FinishedGame {
    /// "Memorize", or the game of Set: "Set", "Set Junior", "Set-Chain", "UltraSet".
    var gameName: String {
        switch game {
        case .memorize: "Memorize"
        case .set: (variant ?? .normal).gameName
        }
    }

    /// "solo", "two players", "room".
    var modeName: String { Self.modeName(of: mode) }

    /// A mode in words: "solo", "two players", "room".
    static func modeName(of mode: Mode) -> String {
        switch mode {
        case .solo: "solo"
        case .twoPlayer: "two players"
        case .room: "room"
        }
    }

    /// What the score was made of, in a line (see ``Breakdown/text``).
    var breakdownText: String { breakdown.text(calling: variant?.matchName ?? "Set") }
}

extension FinishedGame.Breakdown {
    /// What the score was made of, in a line: "8 pairs: 16 points + 5 speed bonus − 2 for
    /// mismatches", "20 Sets: 64 points − 6 for 3 wrong Sets − 2 for 1 claim out of time − 3 for
    /// needless deals".
    var text: String { text(calling: "Set") }

    /// The line, naming a game of Set's matches `match` ("UltraSet": "9 UltraSets: …").
    func text(calling match: String) -> String {
        switch self {
        case .memorize(let matches, let points):
            var text = "\(matches) \(matches == 1 ? "pair" : "pairs"): \(points.matchPoints) points"
            if points.speedBonusPoints != 0 { text += " + \(points.speedBonusPoints) speed bonus" }
            if points.mismatchPenalties != 0 { text += " − \(points.mismatchPenalties) for mismatches" }
            return text
        case .set(let tally):
            var text = "\(tally.sets) \(match)\(tally.sets == 1 ? "" : "s"): \(tally.setPoints) points"
            if tally.wrongSets != 0 {
                let wrong = tally.wrongSets == 1 ? "1 wrong \(match)" : "\(tally.wrongSets) wrong \(match)s"
                text += " − \(tally.wrongSetPenalties) for \(wrong)"
            }
            if tally.claimsOutOfTime != 0 {
                let claims = tally.claimsOutOfTime == 1 ? "1 claim" : "\(tally.claimsOutOfTime) claims"
                text += " − \(tally.claimOutOfTimePenalties) for \(claims) out of time"
            }
            if tally.dealPenalties != 0 { text += " − \(tally.dealPenalties) for needless deals" }
            if tally.hintPenalties != 0 { text += " − \(tally.hintPenalties) for hints" }
            return text
        }
    }
}

extension FinishedGame {
    /// When it ended, in UTC to the minute: "2026-11-25 14:03".
    var finishedAtText: String { finishedAt.minuteText }
}

extension FinishedGame: Encodable {
    enum CodingKeys: String, CodingKey {
        case game, theme, mode, variant, score, breakdown, seconds, moves, finishedAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(game, forKey: .game)
        try container.encodeIfPresent(theme, forKey: .theme)
        try container.encode(mode, forKey: .mode)
        try container.encodeIfPresent(variant, forKey: .variant)
        try container.encode(score, forKey: .score)
        switch breakdown {
        case .memorize(let matches, let points):
            try container.encode(
                [
                    "matches": matches, "matchPoints": points.matchPoints,
                    "speedBonus": points.speedBonusPoints,
                    "mismatchPenalties": points.mismatchPenalties,
                ], forKey: .breakdown)
        case .set(let tally):
            try container.encode(
                [
                    "sets": tally.sets, "setPoints": tally.setPoints, "wrongSets": tally.wrongSets,
                    "wrongSetPenalties": tally.wrongSetPenalties, "claimsOutOfTime": tally.claimsOutOfTime,
                    "claimOutOfTimePenalties": tally.claimOutOfTimePenalties,
                    "dealPenalties": tally.dealPenalties,
                    "hintPenalties": tally.hintPenalties,
                ], forKey: .breakdown)
        }
        try container.encode(seconds, forKey: .seconds)
        try container.encode(moves, forKey: .moves)
        try container.encode(finishedAt.formatted(.iso8601), forKey: .finishedAt)
    }
}

extension FinishedGame: MustacheParent {
    /// The values the templates name, found without reflection: the game's own, and the
    /// words a table row shows.
    func child(named key: String) -> Any? {
        switch key {
        case "game": game
        case "theme": theme
        case "mode": mode
        case "variant": variant
        case "score": score
        case "breakdown": breakdown
        case "seconds": seconds
        case "moves": moves
        case "finishedAt": finishedAt
        case "gameName": gameName
        case "detail": [theme, modeName].compactMap { $0 }.joined(separator: " · ")
        case "breakdownText": breakdownText
        case "finishedAtText": finishedAtText
        case "time": PlayingClock.text(seconds: Int(seconds))
        default: nil
        }
    }
}
