import MemorizeCore
import Mustache
import TemplateFields

/// The scoring rules in numbers, for the page's "How scoring works" panel.
@TemplateFields
struct MemorizeScoringRules: Encodable, Sendable {
    let pointsPerMatch: Int
    /// The speed bonus, when the game has one.
    let bonus: Bonus?

    @TemplateFields
    struct Bonus: Encodable, Sendable {
        let maximumPoints: Int
        let seconds: Int
    }

    init(_ speedBonus: SpeedBonus?) {
        pointsPerMatch = ScoreBreakdown.pointsPerMatch
        bonus = speedBonus.map { Bonus(maximumPoints: $0.maxExtraPoints, seconds: Int($0.window.rounded())) }
    }
}
