import Foundation

/// A theme's color, held without any UI code: a single color or a two-color gradient
/// (extra credit 3 of Assignment II). The presentation layer decides how to draw it.
public enum ThemeColor: Hashable, Sendable {
    case solid(ColorValue)
    case gradient(ColorValue, ColorValue)

    /// A color by name, such as "orange"; the presentation layer interprets the name.
    public static func named(_ name: String) -> ThemeColor { .solid(.named(name)) }

    /// An exact color, as a color picker sets it.
    public static func rgba(_ color: RGBAColor) -> ThemeColor { .solid(.rgba(color)) }
}

/// One color: a name or exact components.
public enum ColorValue: Hashable, Sendable {
    case named(String)
    case rgba(RGBAColor)

    /// Reads `#rrggbb` or `#rrggbbaa` as an exact color, and anything else as a name.
    public init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let color = RGBAColor(hex: trimmed) {
            self = .rgba(color)
        } else {
            self = .named(trimmed.lowercased())
        }
    }

    /// The color as text: its name, or `#rrggbbaa`. ``init(_:)`` reads it back.
    public var text: String {
        switch self {
        case .named(let name): name
        case .rgba(let color): color.hex
        }
    }
}

extension ThemeColor: ExpressibleByStringLiteral {
    /// A named or `#rrggbb` color written as a literal: `color: "orange"`.
    public init(stringLiteral value: String) {
        self = .solid(ColorValue(value))
    }
}
