import Foundation

/// A theme as a player is editing it: free text and numbers, not yet known to be valid.
///
/// ``validated()`` turns it into a ``Theme`` or says everything that is wrong, so an editor can
/// show the player's input again with the reasons.
public struct ThemeDraft: Hashable, Sendable {
    /// The longest name a theme may have, in characters.
    public static let maximumNameLength = 40
    /// The fewest emoji (and pairs) a playable theme has.
    public static let minimumEmojiCount = 2
    /// The most emoji a theme may hold, which bounds a game at twice as many cards.
    public static let maximumEmojiCount = 100

    public var name: String
    /// The emoji the theme keeps.
    public var emojis: [String]
    /// Text typed or pasted to add more emoji.
    public var newEmojiText: String
    public var removedEmojis: [String]
    /// The pairs a game deals; `nil` means every emoji.
    public var numberOfPairs: Int?
    public var color: ThemeColor

    public init(
        name: String,
        emojis: [String],
        newEmojiText: String = "",
        removedEmojis: [String] = [],
        numberOfPairs: Int?,
        color: ThemeColor
    ) {
        self.name = name
        self.emojis = emojis
        self.newEmojiText = newEmojiText
        self.removedEmojis = removedEmojis
        self.numberOfPairs = numberOfPairs
        self.color = color
    }

    /// A draft showing a saved theme, ready to edit.
    public init(_ theme: Theme) {
        self.init(
            name: theme.name,
            emojis: theme.emojis,
            removedEmojis: theme.removedEmojis,
            numberOfPairs: theme.numberOfPairs,
            color: theme.color
        )
    }

    /// The theme this draft describes: the name trimmed, new emoji added after the kept ones
    /// (repeats ignored), and every rule checked.
    public func validated() throws(ThemeValidationFailure) -> Theme {
        var errors: [ThemeValidationError] = []
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedName.isEmpty {
            errors.append(.emptyName)
        } else if trimmedName.count > Self.maximumNameLength {
            errors.append(.nameTooLong(maximum: Self.maximumNameLength))
        }

        let parsed = EmojiText.parse((emojis + [newEmojiText]).joined(separator: " "))
        if !parsed.rejected.isEmpty {
            errors.append(.notEmoji(parsed.rejected))
        }
        let emojiCount = parsed.emojis.count
        if emojiCount < Self.minimumEmojiCount {
            errors.append(.tooFewEmoji(minimum: Self.minimumEmojiCount, actual: emojiCount))
        } else if emojiCount > Self.maximumEmojiCount {
            errors.append(.tooManyEmoji(maximum: Self.maximumEmojiCount, actual: emojiCount))
        }
        let pairs = numberOfPairs ?? emojiCount
        let allowedPairs = Self.minimumEmojiCount...max(Self.minimumEmojiCount, emojiCount)
        if emojiCount >= Self.minimumEmojiCount, !allowedPairs.contains(pairs) {
            errors.append(.pairsOutOfRange(allowed: allowedPairs, actual: pairs))
        }

        guard errors.isEmpty else { throw ThemeValidationFailure(errors: errors) }
        let removed = EmojiText.parse(removedEmojis.joined(separator: " ")).emojis
        return Theme(
            name: trimmedName,
            emojis: parsed.emojis,
            numberOfPairs: pairs,
            color: color,
            removedEmojis: removed
        )
    }
}
