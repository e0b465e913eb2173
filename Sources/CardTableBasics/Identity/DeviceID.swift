import Foundation

/// Identifies one browser of a player, a device session: the cookie names it beside the player,
/// and forgetting the device revokes it (its next request is a new visitor's). 128 random bits
/// written as 32 lowercase hex digits.
package struct DeviceID: Hashable, Sendable, CustomStringConvertible {
    /// The id as sent in the cookie and stored in the database.
    package let rawValue: String

    /// Accepts only a well-formed id (32 lowercase hex digits).
    package init?(rawValue: String) {
        guard RandomHexID.isWellFormed(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Makes a new, unguessable id from the system's secure random source.
    package static func random() -> DeviceID {
        var generator = SystemRandomNumberGenerator()
        return DeviceID(unchecked: RandomHexID.random(using: &generator))
    }

    /// The device a cookie from before devices stands for, the same on every request that
    /// sends it: the first 128 bits of `digest` (a keyed digest of the cookie's player).
    package static func derived(from digest: Data) -> DeviceID {
        DeviceID(unchecked: digest.prefix(16).hexDigits)
    }

    package var description: String { rawValue }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }
}
