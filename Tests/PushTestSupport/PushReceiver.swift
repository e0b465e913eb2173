import Crypto
import Foundation
import WebPush

/// A browser's side of a subscription, written from RFC 8291 and RFC 8188 apart from the sender's
/// code: it holds the private key, reads an `aes128gcm` body and checks a VAPID token. The test
/// push services use it to read what CardTable sends.
public struct PushReceiver: Sendable {
    public let privateKey: P256.KeyAgreement.PrivateKey
    public let auth: Data

    /// A browser with a new key pair and auth secret, or the ones given.
    public init(
        privateKey: P256.KeyAgreement.PrivateKey = .init(),
        auth: Data = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
    ) {
        (self.privateKey, self.auth) = (privateKey, auth)
    }

    /// The keys a browser hands the page (`p256dh`, `auth`), as the subscription sends them.
    public var keys: PushSubscriptionKeys {
        PushSubscriptionKeys(p256dh: privateKey.publicKey.x963Representation, auth: auth)!
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The plaintext of a push body: header (salt, record size, key id = the sender's public key),
    /// one record, its padding ending in the delimiter 2.
    public func open(_ body: Data) throws -> Data {
        let bytes = [UInt8](body)
        guard bytes.count >= 21 else { throw Unreadable(description: "no header") }
        let salt = Data(bytes[0..<16])
        let recordSize = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let idLength = Int(bytes[20])
        guard bytes.count >= 21 + idLength + 17, idLength == 65 else {
            throw Unreadable(description: "key id")
        }
        let senderPublic = Data(bytes[21..<21 + idLength])
        let record = Data(bytes[(21 + idLength)...])
        guard record.count <= recordSize else { throw Unreadable(description: "more than one record") }
        let shared = try privateKey.sharedSecretFromKeyAgreement(
            with: P256.KeyAgreement.PublicKey(x963Representation: senderPublic))
        let secret = shared.withUnsafeBytes { Data($0) }
        // RFC 8291 §3.3: the auth secret salts the key agreement's secret, with both keys as info.
        let prkKey = HMAC<SHA256>.authenticationCode(for: secret, using: SymmetricKey(data: auth))
        let keyInfo =
            Data("WebPush: info".utf8) + [0] + privateKey.publicKey.x963Representation + senderPublic + [1]
        let ikm = Data(HMAC<SHA256>.authenticationCode(for: keyInfo, using: SymmetricKey(data: Data(prkKey))))
        // RFC 8188 §2.2: the salt then gives the content key and the nonce.
        let prk = Data(HMAC<SHA256>.authenticationCode(for: ikm, using: SymmetricKey(data: salt)))
        func expand(_ label: String, _ count: Int) -> Data {
            let info = Data("Content-Encoding: \(label)".utf8) + [0, 1]
            return Data(
                HMAC<SHA256>.authenticationCode(for: info, using: SymmetricKey(data: prk)).prefix(count))
        }
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: expand("nonce", 12)), ciphertext: record.dropLast(16),
            tag: record.suffix(16))
        let padded = try AES.GCM.open(box, using: SymmetricKey(data: expand("aes128gcm", 16)))
        guard let delimiter = padded.lastIndex(where: { $0 != 0 }), padded[delimiter] == 2 else {
            throw Unreadable(description: "no last-record delimiter")
        }
        return padded[..<delimiter]
    }

    /// The claims of a VAPID `Authorization` header whose token is signed by the key it names
    /// (`k`), when that is `publicKey`; throws otherwise.
    public static func claims(ofAuthorization header: String, signedBy publicKey: String) throws -> [String:
        Any]
    {
        guard header.hasPrefix("vapid ") else { throw Unreadable(description: "not vapid") }
        var parameters: [String: String] = [:]
        for part in header.dropFirst("vapid ".count).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw Unreadable(description: "parameter \(part)") }
            parameters[String(pair[0])] = String(pair[1])
        }
        guard let token = parameters["t"], parameters["k"] == publicKey else {
            throw Unreadable(description: "key is not the server's")
        }
        let parts = token.split(separator: ".")
        guard parts.count == 3, let header = Base64URL.decode(parts[0]),
            let body = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]), let point = Base64URL.decode(publicKey)
        else { throw Unreadable(description: "token") }
        let key = try P256.Signing.PublicKey(x963Representation: point)
        guard
            key.isValidSignature(
                try P256.Signing.ECDSASignature(rawRepresentation: signature),
                for: Data((parts[0] + "." + parts[1]).utf8))
        else { throw Unreadable(description: "signature") }
        let head = try JSONSerialization.jsonObject(with: header) as? [String: String]
        guard head?["alg"] == "ES256", head?["typ"] == "JWT" else { throw Unreadable(description: "header") }
        return try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
    }
}
