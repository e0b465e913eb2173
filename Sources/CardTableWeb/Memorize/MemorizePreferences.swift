import Foundation

/// How a player likes their Memorize games paced, remembered for every game they play.
package struct MemorizePreferences: Hashable, Sendable {
    /// How long the peek at the start of a game lasts, in seconds.
    package static let peekDuration: TimeInterval = 3

    /// Whether each new game starts by showing every card for ``peekDuration`` seconds.
    package var peeksAtStart: Bool
    /// How long a mismatch stays face up before it turns back by itself; `nil`: until the
    /// player's next tap (the game's own rule, and all a page without its script can do).
    package var turnBackDelay: TurnBackDelay?

    package init(peeksAtStart: Bool = false, turnBackDelay: TurnBackDelay? = nil) {
        self.peeksAtStart = peeksAtStart
        self.turnBackDelay = turnBackDelay
    }
}

/// The delays a player can choose for a mismatch to turn back, in milliseconds.
package enum TurnBackDelay: Int, CaseIterable, Sendable {
    case oneSecond = 1000
    case oneAndAHalfSeconds = 1500
    case twoSeconds = 2000
    case threeSeconds = 3000
    case fiveSeconds = 5000

    /// The delay as the options panel names it: "after 1.5 seconds".
    var label: String {
        let seconds = Double(rawValue) / 1000
        let number = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return "After \(number) second\(rawValue == 1000 ? "" : "s")"
    }
}

/// The options form's answer to "turn a mismatch back": `tap` (on the next tap) or one of the
/// delays in milliseconds.
struct TurnBackChoice: Decodable, Hashable, Sendable {
    /// The delay chosen; `nil` for the next tap.
    let delay: TurnBackDelay?

    /// What the field must be, for error messages.
    static let description =
        "tap, or one of " + TurnBackDelay.allCases.map { String($0.rawValue) }.joined(separator: ", ")
        + " (milliseconds)"

    /// The form value of `delay`.
    static func value(of delay: TurnBackDelay?) -> String {
        delay.map { String($0.rawValue) } ?? "tap"
    }

    init(_ delay: TurnBackDelay?) {
        self.delay = delay
    }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text == "tap" {
            delay = nil
        } else if let delay = Int(text).flatMap(TurnBackDelay.init(rawValue:)) {
            self.delay = delay
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a choice"))
        }
    }
}
