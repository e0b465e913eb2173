/// Identifies one browser, and so one player: 128 random bits written as 32 lowercase hex digits.
///
/// Nobody signs up: the id lives in a cookie, and whoever holds it is that player.
public struct PlayerID: Hashable, Sendable, CustomStringConvertible {
    /// The id as sent in the cookie and stored in the database.
    public let rawValue: String

    /// Accepts only a well-formed id (32 lowercase hex digits), so a cookie can never smuggle in
    /// anything else.
    public init?(rawValue: String) {
        guard rawValue.utf8.count == 32,
            rawValue.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        self.rawValue = rawValue
    }

    /// Makes a new, unguessable id.
    /// - Parameter generator: The source of randomness; the system's by default, which is
    ///   cryptographically secure.
    public static func random(using generator: inout some RandomNumberGenerator) -> PlayerID {
        let high = UInt64.random(in: .min ... .max, using: &generator)
        let low = UInt64.random(in: .min ... .max, using: &generator)
        return PlayerID(unchecked: hex(high) + hex(low))
    }

    /// Makes a new, unguessable id from the system's secure random source.
    public static func random() -> PlayerID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    public var description: String { rawValue }

    // MARK: - Private

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
