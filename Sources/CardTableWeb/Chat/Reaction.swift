/// A quick reaction a member taps during play, shown for a moment beside their name.
enum Reaction: String, CaseIterable, Codable, Sendable {
    case thumbsUp = "👍"
    case party = "🎉"
    case wow = "😮"
    case phew = "😅"
    case fire = "🔥"

    /// What a screen reader says for it.
    var label: String {
        switch self {
        case .thumbsUp: "thumbs up"
        case .party: "party"
        case .wow: "wow"
        case .phew: "phew"
        case .fire: "fire"
        }
    }

    /// The reactions, as a field's description lists them.
    static var choices: String { allCases.map(\.rawValue).joined(separator: " ") }
}
