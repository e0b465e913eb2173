import CardTableBasics
import CardTableHTTP
import Foundation
import Hummingbird

/// The player cookie: the player's id, the device's (see ``DeviceID``) and the server's signature
/// of both, so only ids the server issued are ever accepted
/// (`<32 hex digits>.<32 hex digits>.<base64url HMAC>`).
///
/// Cookies from before devices (`<player>.<signature>`) are still read, as their player on the
/// device they stand for (``deviceBeforeDevices(of:secret:)``); the server answers them with a
/// cookie of the new form.
enum PlayerCookie {
    /// The cookie's name.
    static let name = "cardtable_player"

    /// How long a signed value is: two ids of 32 hex digits and a 43-character signature, with
    /// dots between.
    static let signedValueLength = 32 + 1 + 32 + 1 + 43
    /// How long a value from before devices is: the player's id, a dot and the signature.
    static let signedPlayerValueLength = 32 + 1 + 43

    /// Whom a cookie names.
    struct Holder: Hashable, Sendable {
        let player: PlayerID
        let device: DeviceID
    }

    /// The cookie for `player` on `device`, lasting ``WebLimits/playerCookieMaxAge`` from now
    /// (every response sends it again, so the lifetime starts over on each visit), in answer to
    /// `request`: a browser that came over HTTPS gets it marked `Secure`, never sent over plain HTTP.
    /// - Parameter value: The cookie's value when it is known already (the request's, checked).
    static func cookie(
        for player: PlayerID, on device: DeviceID, value known: String? = nil, secret: ServerSecret,
        answering request: Request
    ) -> Cookie {
        Cookie(
            name: name, value: known ?? value(for: player, on: device, secret: secret),
            maxAge: WebLimits.playerCookieMaxAge, path: "/", secure: request.isHTTPS, httpOnly: true,
            sameSite: .lax)
    }

    /// The cookie's value for `player` on `device`.
    static func value(for player: PlayerID, on device: DeviceID, secret: ServerSecret) -> String {
        let ids = player.rawValue + "." + device.rawValue
        return ids + "." + base64URL(secret.signature(of: "device|" + ids))
    }

    /// Whom a cookie value names; `nil` unless the server signed it.
    static func holder(signedIn value: String, secret: ServerSecret) -> Holder? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let player = PlayerID(rawValue: String(parts[0])),
            let signature = data(fromBase64URL: parts[parts.count - 1]),
            // NB: one spelling only; base64 has others for the same bytes (the last character's
            // unused bits), and a signature is accepted in the form the server wrote.
            base64URL(signature) == parts[parts.count - 1]
        else { return nil }
        if parts.count == 2 {
            guard secret.isSignature(signature, of: "player|" + player.rawValue) else { return nil }
            return Holder(player: player, device: deviceBeforeDevices(of: player, secret: secret))
        }
        guard let device = DeviceID(rawValue: String(parts[1])),
            secret.isSignature(signature, of: "device|" + player.rawValue + "." + device.rawValue)
        else { return nil }
        return Holder(player: player, device: device)
    }

    /// The device a cookie from before devices (signed or not) stands for: derived from its
    /// player with the server's secret, so every request that browser sends names the same one.
    static func deviceBeforeDevices(of player: PlayerID, secret: ServerSecret) -> DeviceID {
        DeviceID.derived(from: secret.signature(of: "device-before-devices|" + player.rawValue))
    }

    /// The value of a cookie from before devices, naming `player` alone (for tests of old
    /// cookies; the server no longer writes them).
    static func valueBeforeDevices(for player: PlayerID, secret: ServerSecret) -> String {
        player.rawValue + "." + base64URL(secret.signature(of: "player|" + player.rawValue))
    }

    // MARK: - Private

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
