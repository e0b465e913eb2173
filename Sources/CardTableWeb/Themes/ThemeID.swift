/// Identifies one of a player's saved themes (the `theme` table's row id).
package struct ThemeID: Hashable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: Int64

    package init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Reads an id from a URL path segment; `nil` unless it is a positive whole number.
    package init?(_ text: some StringProtocol) {
        guard let value = Int64(text), value > 0 else { return nil }
        self.rawValue = value
    }

    package var description: String { String(rawValue) }

    /// The largest id: ids stay exact as JavaScript numbers.
    static let maximum: Int64 = (1 << 53) - 1

    /// What a theme id in an address must be, for the 404 that names it.
    static let pathDescription = "a theme's number"

    /// A new id, drawn at random from 1 through ``maximum``.
    static func random() -> ThemeID {
        ThemeID(Int64.random(in: 1...maximum))
    }

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
