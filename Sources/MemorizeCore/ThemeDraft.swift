import Foundation

/// A theme as a player is editing it: free text and numbers, not yet known to be valid.
///
/// ``validated()`` turns it into a ``Theme`` or says everything that is wrong, so an editor can
/// show the player's input again with the reasons.
public struct ThemeDraft: Hashable, Sendable {
    /// The longest name a theme may have, in characters.
    public static let maximumNameLength = 40
    /// The most UTF-8 bytes a name may take: 40 of the longest standard emoji (about 35 bytes
    /// each) fit; 40 letters heaped with combining marks do not.
    public static let maximumNameBytes = 1600
    /// The fewest emoji (and pairs) a playable theme has.
    public static let minimumEmojiCount = 2
    /// The most emoji a theme may hold, which bounds a game at twice as many cards.
    public static let maximumEmojiCount = 100
    /// The longest color name, in characters.
    public static let maximumColorNameLength = 40
    /// The most UTF-8 bytes a color name may take.
    public static let maximumColorNameBytes = 160

    public var name: String
    /// The emoji the theme keeps.
    public var emojis: [String]
    /// Text typed or pasted to add more emoji.
    public var newEmojiText: String
    public var removedEmojis: [String]
    /// Every emoji kept or removed, in the order they stood in the theme: a removed emoji keeps
    /// its place here, so that restoring it puts it back where it was (see ``placeToRestore(_:)``).
    public var emojiOrder: [String]
    /// The pairs a game deals; `nil` means every emoji.
    public var numberOfPairs: Int?
    public var color: ThemeColor

    public init(
        name: String,
        emojis: [String],
        newEmojiText: String = "",
        removedEmojis: [String] = [],
        emojiOrder: [String] = [],
        numberOfPairs: Int?,
        color: ThemeColor
    ) {
        self.name = name
        self.emojis = emojis
        self.newEmojiText = newEmojiText
        self.removedEmojis = removedEmojis
        self.emojiOrder = emojiOrder
        self.numberOfPairs = numberOfPairs
        self.color = color
        tidyEmojiOrder()
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

    /// Where a removed emoji goes back among ``emojis``: just after the last kept emoji that stood
    /// before it in ``emojiOrder``.
    public func placeToRestore(_ emoji: String) -> Int {
        guard let place = emojiOrder.firstIndex(of: emoji) else { return emojis.count }
        let before = Set(emojiOrder[..<place])
        return (emojis.lastIndex(where: before.contains) ?? -1) + 1
    }

    /// Makes ``emojiOrder`` hold each kept and removed emoji once: forgotten emoji leave it, and
    /// emoji it lacks (new ones, or ones from a hand-made form) join it at the end.
    public mutating func tidyEmojiOrder() {
        let listed = Set(emojis + removedEmojis)
        let order = emojiOrder.filter(listed.contains).uniqued()
        let known = Set(order)
        emojiOrder = order + (emojis + removedEmojis).filter { !known.contains($0) }.uniqued()
    }

    /// The emoji in ``newEmojiText`` that the draft keeps already, or that it holds twice.
    public var repeatedNewEmoji: [String] {
        let typed = EmojiText.parse(newEmojiText)
        return (typed.repeated + typed.emojis.filter(emojis.contains)).uniqued()
    }

    /// How many pairs a game of this draft deals when it asks for more pairs than it keeps
    /// emoji (all of them); `nil` when it asks for no more than it has.
    public var pairsReducedTo: Int? {
        guard let numberOfPairs, emojis.count >= Self.minimumEmojiCount, numberOfPairs > emojis.count else {
            return nil
        }
        return emojis.count
    }

    /// The theme this draft describes: the name trimmed, new emoji added after the kept ones
    /// (new emoji typed twice or kept already are refused), more pairs than emoji brought down to the emoji, and every rule checked.
    public func validated() throws(ThemeValidationFailure) -> Theme {
        var errors: [ThemeValidationError] = []
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedName.isEmpty {
            errors.append(.emptyName)
        } else if trimmedName.count > Self.maximumNameLength {
            errors.append(.nameTooLong(maximum: Self.maximumNameLength))
        } else if trimmedName.utf8.count > Self.maximumNameBytes {
            errors.append(.nameTooLarge(maximumBytes: Self.maximumNameBytes))
        }
        if trimmedName.unicodeScalars.contains(where: Self.isControlCharacter) {
            errors.append(.controlCharacters(field: .name))
        }

        let parsed = EmojiText.parse((emojis + [newEmojiText]).joined(separator: " "))
        if !parsed.rejected.isEmpty {
            errors.append(.notEmoji(parsed.rejected))
        }
        let repeated = repeatedNewEmoji
        if !repeated.isEmpty {
            errors.append(.repeatedEmoji(repeated))
        }
        let emojiCount = parsed.emojis.count
        if emojiCount < Self.minimumEmojiCount {
            errors.append(.tooFewEmoji(minimum: Self.minimumEmojiCount, actual: emojiCount))
        } else if emojiCount > Self.maximumEmojiCount {
            errors.append(.tooManyEmoji(maximum: Self.maximumEmojiCount, actual: emojiCount))
        }
        // NB: more pairs than emoji come down to the emoji (the seed's rule); too few are refused.
        let pairs = min(numberOfPairs ?? emojiCount, emojiCount)
        if emojiCount >= Self.minimumEmojiCount, pairs < Self.minimumEmojiCount {
            errors.append(.tooFewPairs(minimum: Self.minimumEmojiCount, actual: pairs))
        }

        errors += Self.colorErrors(color)

        guard errors.isEmpty else { throw ThemeValidationFailure(errors: errors) }
        let removed = Array(
            EmojiText.parse(removedEmojis.joined(separator: " ")).emojis.suffix(Theme.maximumRemovedEmojis))
        return Theme(
            name: trimmedName,
            emojis: parsed.emojis,
            numberOfPairs: pairs,
            color: color,
            removedEmojis: removed
        )
    }

    /// Whether a scalar is a control character (U+0000–U+001F or U+007F–U+009F), which no
    /// theme text may hold.
    public static func isControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    // MARK: - Private

    /// What is wrong with the color's names: each named color is 1 to
    /// ``maximumColorNameLength`` characters, none of them control characters.
    private static func colorErrors(_ color: ThemeColor) -> [ThemeValidationError] {
        let names: [String] =
            switch color {
            case .solid(.named(let name)): [name]
            case .solid(.rgba): []
            case .gradient(let from, let to):
                [from, to].compactMap { if case .named(let name) = $0 { name } else { nil } }
            }
        let bad = names.filter { name in
            name.isEmpty || name.count > maximumColorNameLength || name.utf8.count > maximumColorNameBytes
                || name.unicodeScalars.contains(where: isControlCharacter)
        }
        return bad.isEmpty ? [] : [.colorNameNotValid(maximum: maximumColorNameLength)]
    }
}
