/// Something wrong with a theme a player edited, with a message that says what to fix.
public enum ThemeValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyName
    case nameTooLong(maximum: Int)
    case notEmoji([String])
    case tooFewEmoji(minimum: Int, actual: Int)
    case tooManyEmoji(maximum: Int, actual: Int)
    case pairsOutOfRange(allowed: ClosedRange<Int>, actual: Int)

    public var description: String {
        switch self {
        case .emptyName:
            "Give the theme a name."
        case .nameTooLong(let maximum):
            "Keep the name to \(maximum) characters or fewer."
        case .notEmoji(let runs):
            "Only emoji can be cards; these are not emoji: \(runs.joined(separator: " "))"
        case .tooFewEmoji(let minimum, let actual):
            "A theme needs at least \(minimum) emoji to be playable; it has \(actual)."
        case .tooManyEmoji(let maximum, let actual):
            "A theme can hold at most \(maximum) emoji; it has \(actual). Remove some."
        case .pairsOutOfRange(let allowed, let actual):
            "Choose between \(allowed.lowerBound) and \(allowed.upperBound) pairs (not \(actual))."
        }
    }
}

/// Every problem found in a theme draft, in the order the form shows its fields.
public struct ThemeValidationFailure: Error, Hashable, Sendable {
    public let errors: [ThemeValidationError]
}
