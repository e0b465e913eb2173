import Foundation
import Mustache
import TemplateFields

/// The peek at every card that starts a game, as the page shows it while it lasts.
@TemplateFields
struct MemorizePeek: Encodable, Sendable {
    /// Milliseconds left, after which the script fetches the page with the cards face down.
    let milliseconds: Int
    /// Whole seconds left, rounded up, for the announcement.
    let seconds: Int

    init(remaining: TimeInterval) {
        milliseconds = Int((remaining * 1000).rounded(.up))
        seconds = Int(remaining.rounded(.up))
    }

    /// What the live region says while the cards are shown.
    var announcement: String {
        "Memorize the cards: they turn face down in \(seconds) second\(seconds == 1 ? "" : "s"), or when you tap one."
    }
}
