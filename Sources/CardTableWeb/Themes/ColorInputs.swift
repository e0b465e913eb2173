import MemorizeCore

/// The editor's color controls: which kind of color is chosen, and the value of each control
/// (kept even when another kind is chosen, so switching back loses nothing).
struct ColorInputs: Hashable, Sendable {
    enum Kind: String, Sendable {
        case named, custom, gradient
    }

    var kind: Kind
    var name: String
    var hex: String
    var gradientFrom: String
    var gradientTo: String

    /// The controls showing `color`.
    init(_ color: ThemeColor) {
        switch color {
        case .solid(.named(let name)):
            self.init(kind: .named, name: name, hex: ThemeColorStyle.css(.named(name)))
        case .solid(.rgba(let rgba)):
            self.init(kind: .custom, name: "orange", hex: rgba.opaqueHex)
        case .gradient(let from, let to):
            self.init(
                kind: .gradient, name: "orange", hex: Self.hex(from), gradientFrom: Self.hex(from),
                gradientTo: Self.hex(to))
        }
    }

    init(
        kind: Kind, name: String, hex: String, gradientFrom: String = "#f28c28",
        gradientTo: String = "#8e44ad"
    ) {
        self.kind = kind
        self.name = name
        self.hex = hex
        self.gradientFrom = gradientFrom
        self.gradientTo = gradientTo
    }

    /// The color the controls describe, or `nil` when a custom value is not a `#rrggbb` color.
    var color: ThemeColor? {
        switch kind {
        case .named:
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : .named(trimmed.lowercased())
        case .custom:
            return RGBAColor(hex: hex).map { .rgba($0) }
        case .gradient:
            guard let from = RGBAColor(hex: gradientFrom), let to = RGBAColor(hex: gradientTo) else {
                return nil
            }
            return .gradient(.rgba(from), .rgba(to))
        }
    }

    private static func hex(_ value: ColorValue) -> String {
        switch value {
        case .rgba(let rgba): rgba.opaqueHex
        case .named(let name): ThemeColorStyle.css(.named(name))
        }
    }
}
