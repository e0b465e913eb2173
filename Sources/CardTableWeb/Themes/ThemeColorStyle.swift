import MemorizeCore
import Mustache
import TemplateFields

/// How a theme's UI-independent ``ThemeColor`` is drawn on a page: CSS values for the card
/// backs (a color or a gradient) and a single accent color for borders and text.
///
/// This is the ViewModel "interpreting" the Model (Assignment II hints 4–5): names the page
/// knows become CSS colors, and any other name falls back to a neutral gray, never an error.
@TemplateFields
struct ThemeColorStyle: Encodable, Hashable, Sendable {
    /// A CSS color for accents (the first color of a gradient).
    let accent: String
    /// A CSS background for card backs and swatches: a color or a linear gradient.
    let fill: String
    /// Words for the color ("orange", "gradient from red to blue", "custom color #ff8800").
    let description: String
    /// CSS declarations that set the theme variables (kept in the JSON; pages use ``className``).
    let cssVariables: String
    /// The class that sets the theme variables, from the stylesheet at ``stylesheetURL``:
    /// `theme-color-` and the color's token (`ff8800`, or `e5383b-1c6dd0` for a gradient).
    let className: String
    /// The generated stylesheet that defines ``className`` alone.
    let stylesheetURL: String

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
        let token: String =
            switch color {
            case .solid(let value): Self.token(value)
            case .gradient(let from, let to): Self.token(from) + "-" + Self.token(to)
            }
        className = Self.classPrefix + token
        stylesheetURL = Self.stylesheetURL(forClasses: [className])
    }

    /// The generated stylesheet that defines every class of `classNames` (each ``className``).
    static func stylesheetURL(forClasses classNames: [String]) -> String {
        let tokens = Set(classNames.map { String($0.dropFirst(classPrefix.count)) }).sorted()
        return "/styles/colors/" + (tokens.isEmpty ? "none" : tokens.joined(separator: "_")) + ".css"
    }

    /// The text of the color stylesheet `file` (tokens joined by `_`, then `.css`; `none.css`
    /// for none), or `nil` when a token is not a color's.
    static func stylesheet(forFile file: String) -> String? {
        guard file.hasSuffix(".css") else { return nil }
        let name = file.dropLast(4)
        if name == "none" { return "" }
        let tokens = name.split(separator: "_", omittingEmptySubsequences: false)
        guard tokens.count <= 10_000 else { return nil }
        var lines: [String] = []
        for token in tokens {
            let parts = token.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy(isHexColor) else { return nil }
            let accent = "#" + parts[0]
            let fill = parts.count == 1 ? accent : "linear-gradient(135deg, \(accent), #\(parts[1]))"
            lines.append(".\(classPrefix)\(token) { --theme-accent: \(accent); --theme-fill: \(fill); }")
        }
        return lines.joined(separator: "\n") + "\n"
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

    private static let classPrefix = "theme-color-"

    private enum CodingKeys: String, CodingKey {
        case accent, fill, description, cssVariables
    }

    /// A color's CSS hex digits, lowercase, without the `#`.
    private static func token(_ value: ColorValue) -> String { String(css(value).dropFirst()).lowercased() }

    private static func isHexColor(_ digits: Substring) -> Bool {
        (digits.count == 6 || digits.count == 8)
            && digits.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

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
