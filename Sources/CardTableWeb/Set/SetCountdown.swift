import Mustache
import SetCore
import TemplateFields

/// A two-player time limit as the page shows it; the script counts down from `seconds` and asks
/// the server again when it reaches zero.
@TemplateFields
struct SetCountdown: Encodable, Sendable {
    /// What is timed.
    enum Kind: String, Encodable, Sendable {
        /// The claimer's time to select a Set.
        case claim
        /// The time the other player has the table after a deal.
        case grace
        /// The time a player who missed may not claim.
        case lockout
    }

    let kind: Kind
    /// Seconds left, to the millisecond.
    let seconds: Double
    /// Seconds left, rounded up, as shown.
    let wholeSeconds: Int
    /// What the countdown is for, e.g. "to find a Set".
    let caption: String

    init(kind: Kind, seconds: Double, rules: TwoPlayerRules, match: String = "Set") {
        self.kind = kind
        self.seconds = (seconds * 1000).rounded() / 1000
        self.wholeSeconds = Int(seconds.rounded(.up))
        self.caption =
            switch kind {
            case .claim: "left to select your \(match)"
            case .grace:
                "all yours: misses cost no points but lock you out for \(Int(rules.lockoutAfterMiss.rounded(.up))) s"
            case .lockout: "until you may claim again"
            }
    }
}
