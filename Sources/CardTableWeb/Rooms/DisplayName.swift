import Foundation
import MemorizeCore

/// The name a player gives themselves in a room: the limits of a theme name (1 to 40 characters,
/// trimmed, no control characters), and something in it must be visible. Pages and events always
/// show it as text; two names that look alike are compared with ``looksLike(_:)``.
public struct DisplayName: Hashable, Sendable, Codable, CustomStringConvertible {
    public let text: String

    /// Why a typed name cannot be used, in words for the player.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong(maximum: Int)
        case controlCharacters

        public var description: String {
            switch self {
            case .empty: "Type a name to show the others."
            case .tooLong(let maximum): "A name can be up to \(maximum) characters long."
            case .controlCharacters: "A name cannot hold control characters (such as line breaks or tabs)."
            }
        }
    }

    /// The name as typed, trimmed.
    /// - Throws: ``Problem`` when it is empty or shows nothing (only invisible characters), too
    ///   long, or holds control characters.
    public init(typed: String) throws(Problem) {
        text = try Self.checked(typed)
        guard !NameSkeleton.of(text).isEmpty else { throw .empty }
    }

    /// A name as stored: checked as it was when typed, except that one showing nothing still reads
    /// (it may have been stored before such names were refused).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self.text = try Self.checked(text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }

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
