import MemorizeCore

/// How a theme's UI-independent ``ThemeColor`` is drawn on a page: CSS values for the card
/// backs (a color or a gradient) and a single accent color for borders and text.
///
/// This is the ViewModel "interpreting" the Model (Assignment II hints 4–5): names the page
/// knows become CSS colors, and any other name falls back to a neutral gray, never an error.
struct ThemeColorStyle: Encodable, Equatable, Sendable {
    /// A CSS color for accents (the first color of a gradient).
    let accent: String
    /// A CSS background for card backs and swatches: a color or a linear gradient.
    let fill: String
    /// Words for the color ("orange", "gradient from red to blue", "custom color #ff8800").
    let description: String
    /// `style` attribute text that sets the page's theme variables.
    let cssVariables: String

    init(_ color: ThemeColor) {
        switch color {
        case .solid(let value):
            accent = Self.css(value)
            fill = accent
            description = Self.words(value)
        case .gradient(let from, let to):
            accent = Self.css(from)
            fill = "linear-gradient(135deg, \(Self.css(from)), \(Self.css(to)))"
            description = "gradient from \(Self.words(from)) to \(Self.words(to))"
        }
        cssVariables = "--theme-accent: \(accent); --theme-fill: \(fill);"
    }

    /// The named colors the page knows, with their CSS values (tuned to read well on cards).
    static let namedColors: [(name: String, css: String)] = [
        ("red", "#e5383b"), ("orange", "#f28c28"), ("yellow", "#e6b800"), ("green", "#2f9e44"),
        ("mint", "#20c997"), ("teal", "#0f9b9b"), ("cyan", "#1c9ed8"), ("blue", "#1c6dd0"),
        ("indigo", "#4c4cc9"), ("purple", "#8e44ad"), ("pink", "#e64980"), ("brown", "#8d6e4f"),
        ("gray", "#6c757d"), ("black", "#212529"),
    ]

    /// What an unknown name is drawn as.
    static let fallbackCSS = "#6c757d"

    // MARK: - Private

    private static let cssByName: [String: String] = {
        var table = Dictionary(uniqueKeysWithValues: namedColors.map { ($0.name, $0.css) })
        table["grey"] = table["gray"]
        table["lightblue"] = "#4dabf7"
        return table
    }()

    static func css(_ value: ColorValue) -> String {
        switch value {
        case .named(let name): cssByName[name.lowercased()] ?? fallbackCSS
        case .rgba(let rgba):
            rgba.alpha >= 1 ? rgba.opaqueHex : rgba.hex
        }
    }

    private static func words(_ value: ColorValue) -> String {
        switch value {
        case .named(let name): cssByName[name.lowercased()] == nil ? "\(name) (shown as gray)" : name
        case .rgba(let rgba): "custom color \(rgba.opaqueHex)"
        }
    }
}
