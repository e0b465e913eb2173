import Foundation
import MemorizeCore

/// A chat message as a member typed it, checked: 1 to ``maximumLength`` characters as people see
/// them (an emoji made of several code points is one), line breaks and tabs as spaces, runs of
/// spaces as one, trimmed, something in it visible. Pages show it as text, never as markup, and do not make its links
/// clickable.
struct ChatMessage: Hashable, Sendable {
    let text: String

    /// The most characters a message holds, counted as people see them.
    static let maximumLength = 200
    /// The most bytes it holds (UTF-8), room for 200 of the longest emoji people send (a family of
    /// four, 25 bytes; a subdivision flag, 28): a character piled with combining marks is one
    /// character. (A page clips each message's line, so marks piled high do not cover the ones
    /// around it.)
    static let maximumBytes = 8000

    /// Why a typed message cannot be sent, in words that name the field.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong
        case controlCharacters
        case directionControls

        var description: String {
            switch self {
            case .empty: "text: type a message (it shows nothing)."
            case .tooLong:
                "text: a message can be up to \(ChatMessage.maximumLength) characters long."
            case .controlCharacters: "text: a message cannot hold control characters."
            case .directionControls:
                "text: a message cannot hold characters that turn the direction of text around (such as U+202E)."
            }
        }
    }

    /// The message as typed, with line breaks and tabs as spaces, runs of spaces as one, trimmed.
    /// - Throws: ``Problem`` when nothing in it can be seen (empty, spaces, or only invisible
    ///   characters), it is too long, or it holds other control characters, or embeddings,
    ///   overrides or isolates (marks such as U+200F, which right-to-left writing needs, are kept).
    init(typed: String) throws(Problem) {
        let spaced = String(String.UnicodeScalarView(typed.unicodeScalars.map(Self.spacingBreaks)))
        let trimmed = spaced.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        guard !trimmed.unicodeScalars.contains(where: ThemeDraft.isControlCharacter) else {
            throw .controlCharacters
        }
        guard !trimmed.unicodeScalars.contains(where: Self.turnsDirection) else { throw .directionControls }
        guard !NameSkeleton.of(trimmed).isEmpty else { throw .empty }
        guard trimmed.count <= Self.maximumLength, trimmed.utf8.count <= Self.maximumBytes else {
            throw .tooLong
        }
        text = trimmed
    }

    /// A line break or tab as a space; any other scalar as it is.
    private static func spacingBreaks(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": " "
        default: scalar
        }
    }

    /// Whether `scalar` is a bidirectional embedding, override or isolate (U+202A–U+202E,
    /// U+2066–U+2069), which would draw the rest of the line in another order.
    private static func turnsDirection(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isBidiControl && !["\u{200E}", "\u{200F}", "\u{061C}"].contains(scalar)
    }
}
