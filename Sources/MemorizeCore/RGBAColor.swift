/// An exact color with red, green, blue and alpha components between 0 and 1.
public struct RGBAColor: Hashable, Sendable, Codable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Creates a color; each component is clamped to 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamped(red)
        self.green = Self.clamped(green)
        self.blue = Self.clamped(blue)
        self.alpha = Self.clamped(alpha)
    }

    /// Reads `#rrggbb` or `#rrggbbaa` (the `#` is optional); `nil` for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        let rgba = digits.count == 8 ? value : value << 8 | 0xFF
        self.init(
            red: Double(rgba >> 24 & 0xFF) / 255,
            green: Double(rgba >> 16 & 0xFF) / 255,
            blue: Double(rgba >> 8 & 0xFF) / 255,
            alpha: Double(rgba & 0xFF) / 255
        )
    }

    /// The color as `#rrggbbaa`, lowercase.
    public var hex: String {
        "#" + [red, green, blue, alpha].map(Self.hexByte).joined()
    }

    /// The color as `#rrggbb`, dropping alpha (what an HTML color input takes).
    public var opaqueHex: String { String(hex.prefix(7)) }

    // MARK: - Private

    private static func clamped(_ component: Double) -> Double {
        component.isNaN ? 0 : min(1, max(0, component))
    }

    private static func hexByte(_ component: Double) -> String {
        let byte = String(Int((component * 255).rounded()), radix: 16)
        return byte.count == 1 ? "0" + byte : byte
    }
}
