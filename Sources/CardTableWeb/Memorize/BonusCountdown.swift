import Foundation
import Mustache
import TemplateFields

/// The speed bonus still to be won on a face-up card, drawn as a pie that empties as time
/// runs out; the page's script animates it from these numbers (`data-bonus-start`,
/// `data-bonus-duration`), and without script the pie stands still, full.
@TemplateFields
struct BonusCountdown: Encodable, Hashable, Sendable {
    /// Seconds left.
    let remaining: Double
    /// The whole bonus window, in seconds.
    let window: Double
    /// `remaining / window`, between 0 and 1.
    let fraction: Double

    init(remaining: Double, window: Double) {
        self.remaining = (remaining * 1000).rounded() / 1000
        self.window = window
        self.fraction = window > 0 ? min(1, (remaining / window * 1000).rounded() / 1000) : 0
    }

    /// The seconds left, rounded up, for spoken labels.
    var wholeSeconds: Int { Int(remaining.rounded(.up)) }

    private enum CodingKeys: String, CodingKey {
        case remaining, window, fraction
    }
}
