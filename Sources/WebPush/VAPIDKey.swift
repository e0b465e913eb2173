import Crypto
import Foundation

/// The server's VAPID key pair (RFC 8292): browsers subscribe with its public key, and every push
/// carries a token signed with its private key, so a push service delivers only this server's
/// messages to those subscriptions.
public struct VAPIDKey: Sendable {
    let privateKey: P256.Signing.PrivateKey

    /// A new key pair.
    public init() {
        privateKey = P256.Signing.PrivateKey()
    }

    /// The key pair whose private key is `rawRepresentation` (32 bytes); nil when it is none.
    public init?(rawRepresentation: Data) {
        guard let key = try? P256.Signing.PrivateKey(rawRepresentation: rawRepresentation) else { return nil }
        privateKey = key
    }

    /// The private key's 32 bytes, to keep.
    public var rawRepresentation: Data { privateKey.rawRepresentation }

    /// The public key as `PushManager.subscribe` takes it (`applicationServerKey`): the
    /// uncompressed point in base64url.
    public var publicKey: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// The `Authorization` header of a push to `endpoint`: `vapid t=<token>, k=<public key>`,
    /// the token naming the endpoint's origin, `contact` (a `mailto:` or `https:` address the
    /// push service may write to) and when it expires (at most 24 hours after it is made).
    public func authorization(for endpoint: URL, contact: String, expiresAt: Date) throws -> String {
        guard let scheme = endpoint.scheme?.lowercased(), let host = endpoint.host?.lowercased() else {
            throw VAPIDError.noOrigin
        }
        // NB: the origin as RFC 6454 writes it: an IPv6 address in brackets, no default port.
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let defaultPort = scheme == "https" ? 443 : 80
        let port = endpoint.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        let origin = "\(scheme)://\(hostPart)\(port)"
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = try JSONSerialization.data(
            withJSONObject: ["aud": origin, "exp": Int(expiresAt.timeIntervalSince1970), "sub": contact],
            options: [.sortedKeys, .withoutEscapingSlashes])
        let signed = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(claims)
        let signature = try privateKey.signature(for: Data(signed.utf8)).rawRepresentation
        return "vapid t=\(signed).\(Base64URL.encode(signature)), k=\(publicKey)"
    }
}

/// A push could not be signed.
public enum VAPIDError: Error, Equatable {
    /// The endpoint has no scheme or host to name as the token's audience.
    case noOrigin
}
