import Foundation

/// What a name looks like, reduced to a text that two names share when one could be mistaken for
/// the other: "Bo", "bo", "Bо" (a Cyrillic o), "ＢＯ" (fullwidth) and "B\u{200D}o" (a zero-width
/// joiner inside) all have the skeleton "bo".
///
/// The skeleton is only compared, never shown. It is the name
/// 1. without invisible characters: Unicode's default-ignorable code points (zero-width space,
///    joiners, word joiner, byte order mark, soft hyphen, variation selectors, bidirectional
///    marks, Hangul fillers, tags…), except where an emoji needs them to be a different picture:
///    the joiner inside a sequence of emoji (👨‍👩‍👧 is not 👨👩👧) and the tags of a subdivision
///    flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿 is not 🏴󠁧󠁢󠁷󠁬󠁳󠁿);
/// 2. in compatibility form (NFKC: fullwidth, mathematical and other styled letters are plain
///    letters, a no-break space is a space), with Cyrillic and Greek letters that look like Latin
///    ones written as those (``latinLookAlikes``), in lower case;
/// 3. with runs of spaces as one space, and none at either end.
enum NameSkeleton {
    /// The skeleton of `name`; empty when nothing in it can be seen.
    static func of(_ name: String) -> String {
        // NB: look-alikes are read both before NFKC, which would turn some into other letters
        // (the lunate sigma "ϲ" into "ς"), and after it has taken accents apart ("Ё" is "Е" and "̈").
        let decomposed = visible(latin(name)).decomposedStringWithCompatibilityMapping
        let folded = latin(decomposed).lowercased().precomposedStringWithCompatibilityMapping
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `text` with ``latinLookAlikes`` written as the Latin letters they look like, and
    /// ``blanks`` as spaces.
    static func latin(_ text: String) -> String {
        var latin = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            latin.append(latinLookAlikes[scalar] ?? (blanks.contains(scalar) ? " " : scalar))
        }
        return String(latin)
    }

    /// `text` without the characters that show nothing (see the type's first rule).
    static func visible(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for character in text.precomposedStringWithCompatibilityMapping {
            let scalars = character.unicodeScalars
            let first = scalars.first
            let joinsEmoji =
                first?.properties.isEmoji == true
                && scalars.dropFirst().contains { $0.properties.isEmoji && !isInvisible($0) }
            let isSubdivisionFlag = first == blackFlag
            for scalar in scalars {
                let keep =
                    !isInvisible(scalar) || (scalar == zeroWidthJoiner && joinsEmoji)
                    || (tags.contains(scalar) && isSubdivisionFlag)
                if keep { kept.append(scalar) }
            }
        }
        return String(kept)
    }

    /// Whether `scalar` shows nothing by itself.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Cyrillic and Greek letters drawn like a Latin letter in common fonts, and that letter. Upper
    /// case maps to upper case and lower case to lower case, so "В" (Cyrillic) looks like "B" but
    /// "в" like nothing Latin. Accents are kept apart by decomposing first: "Ё" is "Е" and a
    /// diaeresis, so it looks like "Ë".
    static let latinLookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
        // Cyrillic capitals
        "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K", "М": "M", "Н": "H",
        "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ү": "Y", "Һ": "H", "Ӏ": "I",
        "Ԛ": "Q", "Ԝ": "W",
        // Cyrillic small letters
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i",
        "ј": "j", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
        // Greek capitals
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
        "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        // Greek small letters
        "α": "a", "γ": "y", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "χ": "x",
        "ϲ": "c", "ϳ": "j",
        // Latin letters without their dot or bar that pass for the usual ones
        "ı": "i", "ȷ": "j",
    ]

    /// Characters that look like a space without being spaces: the Braille blank.
    static let blanks: Set<Unicode.Scalar> = ["\u{2800}"]

    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    /// The waving black flag that tags turn into a subdivision's flag.
    private static let blackFlag: Unicode.Scalar = "\u{1F3F4}"
    private static let tags: ClosedRange<Unicode.Scalar> = "\u{E0020}"..."\u{E007F}"
}

extension DisplayName {
    /// Whether the two names could be taken for each other (see ``NameSkeleton``).
    func looksLike(_ other: DisplayName) -> Bool {
        NameSkeleton.of(text) == NameSkeleton.of(other.text)
    }
}
