import MemorizeCore
import Mustache

/// The scoring rules in numbers, for the page's "How scoring works" panel.
struct MemorizeScoringRules: Encodable, Sendable {
    let pointsPerMatch: Int
    /// The speed bonus, when the game has one.
    let bonus: Bonus?

    struct Bonus: Encodable, Sendable {
        let maximumPoints: Int
        let seconds: Int
    }

    init(_ speedBonus: SpeedBonus?) {
        pointsPerMatch = ScoreBreakdown.pointsPerMatch
        bonus = speedBonus.map { Bonus(maximumPoints: $0.maxExtraPoints, seconds: Int($0.window.rounded())) }
    }
}

extension MemorizeScoringRules: MustacheParent {
    /// The values the templates name, found without reflection.
    func child(named key: String) -> Any? {
        switch key {
        case "pointsPerMatch": pointsPerMatch
        case "bonus": bonus
        default: nil
        }
    }
}

extension MemorizeScoringRules.Bonus: MustacheParent {
    /// The values the templates name, found without reflection.
    func child(named key: String) -> Any? {
        switch key {
        case "maximumPoints": maximumPoints
        case "seconds": seconds
        default: nil
        }
    }
}
