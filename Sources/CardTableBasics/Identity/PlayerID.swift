/// Identifies a player: 128 random bits written as 32 lowercase hex digits.
///
/// Nobody signs up: the id lives in a cookie, and whoever holds it is that player (on each of
/// their devices, once linked: see ``DeviceID``).
package struct PlayerID: Hashable, Sendable, CustomStringConvertible {
    /// The id as sent in the cookie and stored in the database.
    package let rawValue: String

    /// Accepts only a well-formed id (32 lowercase hex digits), so a cookie can never smuggle in
    /// anything else.
    package init?(rawValue: String) {
        guard RandomHexID.isWellFormed(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Makes a new, unguessable id.
    /// - Parameter generator: The source of randomness; the system's by default, which is
    ///   cryptographically secure.
    package static func random(using generator: inout some RandomNumberGenerator) -> PlayerID {
        PlayerID(unchecked: RandomHexID.random(using: &generator))
    }

    /// Makes a new, unguessable id from the system's secure random source.
    package static func random() -> PlayerID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    package var description: String { rawValue }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }
}
