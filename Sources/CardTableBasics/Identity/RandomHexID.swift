/// The shape of the ids a cookie carries (a player's, a device's): 128 random bits written as 32
/// lowercase hex digits, so a cookie can never smuggle in anything else.
enum RandomHexID {
    /// Whether `text` is 32 lowercase hex digits.
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 32
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A new id drawn by `generator`.
    package static func random(using generator: inout some RandomNumberGenerator) -> String {
        hex(UInt64.random(in: .min ... .max, using: &generator))
            + hex(UInt64.random(in: .min ... .max, using: &generator))
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
