import Foundation
import Hummingbird

/// The player cookie: the player's id and the server's signature of it, so only an id the
/// server issued is ever accepted (`<32 hex digits>.<base64url HMAC>`).
enum PlayerCookie {
    /// The cookie's name.
    static let name = "cardtable_player"

    /// How long a signed value is: 32 hex digits, a dot and 43 base64url characters.
    static let signedValueLength = 32 + 1 + 43

    /// The cookie for `player`, lasting ``WebLimits/playerCookieMaxAge`` from now (every response
    /// sends it again, so the lifetime starts over on each visit).
    /// - Parameter value: The cookie's value when it is known already (the request's, checked).
    static func cookie(for player: PlayerID, value known: String? = nil, secret: ServerSecret) -> Cookie {
        Cookie(
            name: name, value: known ?? value(for: player, secret: secret),
            maxAge: WebLimits.playerCookieMaxAge, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// The cookie's value for `player`.
    static func value(for player: PlayerID, secret: ServerSecret) -> String {
        player.rawValue + "." + base64URL(secret.signature(of: message(for: player)))
    }

    /// The player a cookie value names; `nil` unless the server signed it.
    static func player(signedIn value: String, secret: ServerSecret) -> PlayerID? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let player = PlayerID(rawValue: String(parts[0])),
            let signature = data(fromBase64URL: parts[1]),
            // NB: one spelling only; base64 has others for the same bytes (the last character's
            // unused bits), and a signature is accepted in the form the server wrote.
            base64URL(signature) == parts[1],
            secret.isSignature(signature, of: message(for: player))
        else { return nil }
        return player
    }

    // MARK: - Private

    private static func message(for player: PlayerID) -> String { "player|" + player.rawValue }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    private static func data(fromBase64URL text: Substring) -> Data? {
        guard text.utf8.count == 43 else { return nil }
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return Data(base64Encoded: standard + "=")
    }
}
