import Foundation

/// What a name looks like, reduced to a text that two names share when one could be mistaken for
/// the other: "Bo", "bo", "Bо" (a Cyrillic o), "ＢＯ" (fullwidth), "B\u{200D}o" (a zero-width
/// joiner inside), "Ᏼo" (Cherokee), "ꓐo" (Lisu), "Bօ" (Armenian), "ʙᴏ" (small capitals), "B0"
/// and "Bó" all have the skeleton "bo".
///
/// The skeleton is only compared, never shown. It is the name
/// 1. without invisible characters: Unicode's default-ignorable code points (zero-width space,
///    joiners, word joiner, byte order mark, soft hyphen, variation selectors, bidirectional
///    marks, Hangul fillers, tags…), except where an emoji needs them to be a different picture:
///    the joiner inside a sequence of emoji (👨‍👩‍👧 is not 👨👩👧) and the tags of a subdivision
///    flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿 is not 🏴󠁧󠁢󠁷󠁬󠁳󠁿);
/// 2. in compatibility form (NFKC: fullwidth, mathematical and other styled letters are plain
///    letters, a no-break space is a space), with ``blanks`` as spaces and small capitals as
///    capitals;
/// 3. as its confusable skeleton (Unicode Technical Standard #39, from ICU's data: each
///    character written as the one it is drawn like, "0" as "O", Cherokee "Ᏼ" as "B"), in lower
///    case;
/// 4. without accents and other combining marks ("Bó" is "Bo");
/// 5. with runs of spaces as one space, and none at either end.
///
/// Case is a choice of the skeleton's: "IAN" and "ian" are one name, but the confusable skeleton
/// of "I" is "l". So a name has two skeletons, of itself and of its lower case, and two names
/// look alike when they share one (``forms(of:)``).
enum NameSkeleton {
    /// The skeleton of `name` in lower case; empty when nothing in it can be seen.
    static func of(_ name: String) -> String {
        reduced(shown(name).lowercased())
    }

    /// The skeletons of `name` as it is written and in lower case.
    static func forms(of name: String) -> Set<String> {
        let shown = shown(name)
        return [reduced(shown), reduced(shown.lowercased())]
    }

    /// `name` without what cannot be seen, in compatibility form, ``blanks`` as spaces and small
    /// capitals as capitals (see ``capitals(_:)``).
    private static func shown(_ name: String) -> String {
        capitals(visible(spaced(name)).precomposedStringWithCompatibilityMapping)
    }

    /// `text` with Latin small capitals ("ʙᴏ") as the capitals they are drawn as, smaller ("BO"),
    /// told by their Unicode names ("LATIN LETTER SMALL CAPITAL B"): the confusable skeleton takes
    /// "ʙ" for a Cyrillic "в", whereas a reader takes it for a "B".
    static func capitals(_ text: String) -> String {
        let prefix = "LATIN LETTER SMALL CAPITAL "
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    guard let name = scalar.properties.name, name.hasPrefix(prefix) else { return scalar }
                    let letter = name.dropFirst(prefix.count)
                    guard letter.count == 1, let capital = letter.unicodeScalars.first,
                        ("A"..."Z").contains(capital)
                    else { return scalar }
                    return capital
                }))
    }

    /// Rules 3 to 5 of the type's.
    private static func reduced(_ text: String) -> String {
        let confusable = ConfusableSkeleton.of(text).lowercased()
        let unmarked = confusable.decomposedStringWithCanonicalMapping.unicodeScalars.filter { scalar in
            let category = scalar.properties.generalCategory
            let isMark = category == .nonspacingMark || category == .enclosingMark
            // NB: the keycap's enclosing mark is an emoji's own (1️⃣ is not 1).
            return !isMark || scalar == keycap
        }
        return String(String.UnicodeScalarView(unmarked)).precomposedStringWithCanonicalMapping
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `text` with ``blanks`` as spaces.
    static func spaced(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { blanks.contains($0) ? " " : $0 }))
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

    /// Characters that look like a space without being spaces: the Braille blank.
    static let blanks: Set<Unicode.Scalar> = ["\u{2800}"]

    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    private static let keycap: Unicode.Scalar = "\u{20E3}"
    /// The waving black flag that tags turn into a subdivision's flag.
    private static let blackFlag: Unicode.Scalar = "\u{1F3F4}"
    private static let tags: ClosedRange<Unicode.Scalar> = "\u{E0020}"..."\u{E007F}"
}

extension DisplayName {
    /// Whether the two names could be taken for each other (see ``NameSkeleton``).
    func looksLike(_ other: DisplayName) -> Bool {
        !NameSkeleton.forms(of: text).isDisjoint(with: NameSkeleton.forms(of: other.text))
    }
}
