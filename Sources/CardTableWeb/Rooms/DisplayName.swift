import Foundation
import MemorizeCore

/// The name a player gives themselves in a room: the limits of a theme name (1 to 40 characters,
/// trimmed, no control characters), and something in it must be visible. Pages and events always
/// show it as text; two names that look alike are compared with ``looksLike(_:)``.
package struct DisplayName: Hashable, Sendable, Codable, CustomStringConvertible {
    package let text: String

    /// Why a typed name cannot be used, in words for the player.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong(maximum: Int)
        case controlCharacters
        case directionControls

        package var description: String {
            switch self {
            case .empty: "Type a name to show the others."
            case .tooLong(let maximum): "A name can be up to \(maximum) characters long."
            case .controlCharacters: "A name cannot hold control characters (such as line breaks or tabs)."
            case .directionControls:
                "A name cannot hold characters that turn the direction of text around (such as U+202E)."
            }
        }
    }

    /// The name as typed, trimmed.
    /// - Throws: ``Problem`` when it is empty or shows nothing (only invisible characters), too
    ///   long, or holds control characters or bidirectional controls (which would draw it, and
    ///   the text after it, in another order: `\u{202E}oB` shows as "Bo").
    package init(typed: String) throws(Problem) {
        try self.init(stored: typed)
        guard !text.unicodeScalars.contains(where: Self.isDirectionControl) else { throw .directionControls }
    }

    /// A name as stored: checked as a typed one, except for bidirectional controls, which names
    /// stored before they were refused may hold.
    package init(stored: String) throws(Problem) {
        text = try Self.checked(stored)
        guard !NameSkeleton.of(text).isEmpty else { throw .empty }
    }

    /// Whether `scalar` is one of Unicode's bidirectional controls: the marks (U+200E, U+200F,
    /// U+061C), embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069).
    static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isBidiControl
    }

    /// A name as stored: checked as it was when typed, except that one showing nothing still reads
    /// (it may have been stored before such names were refused).
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self.text = try Self.checked(text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    package var description: String { text }

    /// `typed`, trimmed, once it is neither empty, too long, nor holding control characters.
    private static func checked(_ typed: String) throws(Problem) -> String {
        let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        guard !trimmed.unicodeScalars.contains(where: ThemeDraft.isControlCharacter) else {
            throw .controlCharacters
        }
        guard trimmed.count <= ThemeDraft.maximumNameLength, trimmed.utf8.count <= ThemeDraft.maximumNameBytes
        else { throw .tooLong(maximum: ThemeDraft.maximumNameLength) }
        return trimmed
    }
}
