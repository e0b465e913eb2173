/// Reads emoji out of text a player typed or pasted.
public enum EmojiText {
    /// What a piece of text held.
    public struct Parsed: Hashable, Sendable {
        /// Each emoji once, in the order first typed, in its emoji (not text) presentation.
        public var emojis: [String]
        /// The runs of other characters, as typed (white space and commas separate; they are not refused).
        public var rejected: [String]
        /// Each emoji typed more than once, once, in the order first typed.
        public var repeated: [String] = []
    }

    /// Splits `text` into emoji and refused runs of other characters.
    ///
    /// Skin tones, flags, keycaps and joined sequences each count as one emoji. A symbol that is
    /// drawn as text by default (such as ❤ or © without U+FE0F) gets the emoji variation selector,
    /// so "❤" and "❤️" are the same emoji.
    public static func parse(_ text: String) -> Parsed {
        var emojis: [String] = []
        var rejected: [String] = []
        var currentRun = ""
        for character in text {
            if let emoji = canonicalEmoji(character) {
                emojis.append(emoji)
            } else if character.isWhitespace || character == "," {
                flush(&currentRun, into: &rejected)
                continue
            } else {
                currentRun.append(character)
                continue
            }
            flush(&currentRun, into: &rejected)
        }
        flush(&currentRun, into: &rejected)
        let unique = emojis.uniqued()
        let repeated = unique.count == emojis.count ? [] : repeats(in: emojis)
        return Parsed(emojis: unique, rejected: rejected, repeated: repeated)
    }

    /// The most UTF-8 bytes one emoji may take. The longest standard sequences (a couple with
    /// two skin tones, a subdivision flag) take about 35; a character heaped with combining marks
    /// can take thousands, and is not an emoji.
    public static let maximumBytes = 64

    /// The emoji form of `character`, or `nil` when it is not an emoji.
    public static func canonicalEmoji(_ character: Character) -> String? {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji,
            character.utf8.count <= maximumBytes
        else { return nil }
        if scalars.contains(where: { $0.properties.isEmojiPresentation })
            || scalars.contains(variationSelector16) || scalars.contains(combiningKeycap)
        {
            return String(character)
        }
        // A symbol drawn as text by default (❤, ™, ©, ®) is an emoji in its emoji presentation;
        // the ASCII ones (digits, # and *) are emoji only as keycaps.
        guard !first.isASCII else { return nil }
        return String(character) + String(variationSelector16)
    }

    // MARK: - Private

    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"
    private static let combiningKeycap: Unicode.Scalar = "\u{20E3}"

    private static func repeats(in emojis: [String]) -> [String] {
        var seen: Set<String> = []
        var repeated: [String] = []
        for emoji in emojis where !seen.insert(emoji).inserted && !repeated.contains(emoji) {
            repeated.append(emoji)
        }
        return repeated
    }

    private static func flush(_ run: inout String, into runs: inout [String]) {
        guard !run.isEmpty else { return }
        runs.append(run)
        run = ""
    }
}
