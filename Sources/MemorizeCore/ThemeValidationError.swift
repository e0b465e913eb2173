/// Something wrong with a theme a player edited, with a message that says what to fix.
public enum ThemeValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyName
    case nameTooLong(maximum: Int)
    /// The name fits in characters but not in bytes (letters heaped with combining marks).
    case nameTooLarge(maximumBytes: Int)
    case notEmoji([String])
    /// Emoji typed to be added that the theme has already, or typed twice.
    case repeatedEmoji([String])
    case tooFewEmoji(minimum: Int, actual: Int)
    case tooManyEmoji(maximum: Int, actual: Int)
    /// Fewer pairs than a game needs (more than the emoji are not an error: they come down).
    case tooFewPairs(minimum: Int, actual: Int)
    /// A text field holds control characters (U+0000–U+001F, U+007F–U+009F).
    case controlCharacters(field: ThemeField)
    /// A color name is empty, too long, or holds control characters.
    case colorNameNotValid(maximum: Int)

    /// The parts of a theme a message can be about, named as the editor names them.
    public enum ThemeField: String, Hashable, Sendable {
        case name
        case emoji
        case pairs
        case color
    }

    /// The field the editor shows this message beside.
    public var field: ThemeField {
        switch self {
        case .emptyName, .nameTooLong, .nameTooLarge: .name
        case .notEmoji, .repeatedEmoji, .tooFewEmoji, .tooManyEmoji: .emoji
        case .tooFewPairs: .pairs
        case .controlCharacters(let field): field
        case .colorNameNotValid: .color
        }
    }

    public var description: String {
        switch self {
        case .emptyName:
            "Give the theme a name."
        case .nameTooLong(let maximum):
            "Keep the name to \(maximum) characters or fewer."
        case .nameTooLarge(let maximumBytes):
            "The name takes more than \(maximumBytes) bytes: use fewer accents and marks."
        case .notEmoji(let runs):
            "Only emoji can be cards; these are not emoji: \(runs.map(Self.printable).joined(separator: " "))"
        case .repeatedEmoji(let emojis):
            "Each emoji is in a theme once; already there: \(emojis.joined(separator: " "))"
        case .tooFewEmoji(let minimum, let actual):
            "A theme needs at least \(minimum) emoji to be playable; it has \(actual)."
        case .tooManyEmoji(let maximum, let actual):
            "A theme can hold at most \(maximum) emoji; it has \(actual). Remove some."
        case .tooFewPairs(let minimum, let actual):
            "A game needs at least \(minimum) pairs, not \(actual)."
        case .controlCharacters(let field):
            "The \(field.rawValue) cannot hold control characters such as U+0000; they were left out."
        case .colorNameNotValid(let maximum):
            "A color name is 1 to \(maximum) letters, like orange."
        }
    }

    /// `text` with each control character written as its code point (`U+0000`), so a message
    /// can show it.
    static func printable(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            guard ThemeDraft.isControlCharacter(scalar) else { return String(scalar) }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined()
    }
}

/// Every problem found in a theme draft, in the order the form shows its fields.
public struct ThemeValidationFailure: Error, Hashable, Sendable {
    public let errors: [ThemeValidationError]
}
