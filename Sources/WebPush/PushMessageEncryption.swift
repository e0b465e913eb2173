import Crypto
import Foundation

/// The browser's half of a push subscription's keys: what `PushSubscription.getKey` gives.
public struct PushSubscriptionKeys: Hashable, Sendable {
    /// The browser's P-256 public key, uncompressed (65 bytes, starting 0x04).
    public let p256dh: Data
    /// The secret shared with the browser (16 bytes).
    public let auth: Data

    /// The keys a subscription sent, in base64url; nil when either is not a key of its kind.
    public init?(p256dh: String, auth: String) {
        guard let point = Base64URL.decode(p256dh), let secret = Base64URL.decode(auth) else { return nil }
        self.init(p256dh: point, auth: secret)
    }

    /// nil when `p256dh` is not a P-256 point or `auth` is not 16 bytes.
    public init?(p256dh: Data, auth: Data) {
        guard auth.count == 16, (try? P256.KeyAgreement.PublicKey(x963Representation: p256dh)) != nil,
            p256dh.count == 65
        else { return nil }
        (self.p256dh, self.auth) = (p256dh, auth)
    }
}

/// A push message's body encrypted for one subscription (RFC 8291, with the `aes128gcm` content
/// coding of RFC 8188): only the browser that holds the subscription's private key can read it,
/// and the push service carries it without knowing what it says.
public enum PushMessageEncryption {
    /// The record size written in the header: one record holds any message CardTable sends.
    static let recordSize: UInt32 = 4096
    /// The most plaintext one record holds (the record size less the padding delimiter and the
    /// authentication tag).
    public static let maximumPlaintext = Int(recordSize) - 17

    /// What went wrong encrypting.
    public enum Failure: Error, Equatable {
        /// The message is longer than one record holds.
        case tooLong(bytes: Int)
    }

    /// `plaintext` encrypted for `keys`, with a new key pair and salt each time: the body to send
    /// with `Content-Encoding: aes128gcm`.
    public static func encrypt(_ plaintext: Data, for keys: PushSubscriptionKeys) throws -> Data {
        var salt = Data(count: 16)
        salt.withUnsafeMutableBytes { bytes in
            var generator = SystemRandomNumberGenerator()
            for index in bytes.indices { bytes[index] = generator.next() }
        }
        return try encrypt(plaintext, for: keys, senderKey: P256.KeyAgreement.PrivateKey(), salt: salt)
    }

    /// `plaintext` encrypted for `keys` with the sender's key pair and salt given (for tests, which
    /// compare with another implementation).
    public static func encrypt(
        _ plaintext: Data, for keys: PushSubscriptionKeys, senderKey: P256.KeyAgreement.PrivateKey, salt: Data
    ) throws -> Data {
        guard plaintext.count <= maximumPlaintext else { throw Failure.tooLong(bytes: plaintext.count) }
        let browserKey = try P256.KeyAgreement.PublicKey(x963Representation: keys.p256dh)
        let senderPublic = senderKey.publicKey.x963Representation
        let (contentKey, nonce) = try derivedKeys(
            sharedSecret: senderKey.sharedSecretFromKeyAgreement(with: browserKey), keys: keys,
            senderPublic: senderPublic, salt: salt)
        // NB: one record, so it is the last: its padding is the delimiter 0x02 and nothing more.
        let sealed = try AES.GCM.seal(plaintext + [0x02], using: contentKey, nonce: nonce)
        var body = salt
        withUnsafeBytes(of: recordSize.bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(senderPublic.count))
        body.append(senderPublic)
        body.append(sealed.ciphertext)
        body.append(sealed.tag)
        return body
    }

    /// The content-encryption key and nonce of RFC 8291 §3.4: the key agreement's secret mixed
    /// with the subscription's auth secret and both public keys, then with the salt.
    static func derivedKeys(
        sharedSecret: SharedSecret, keys: PushSubscriptionKeys, senderPublic: Data, salt: Data
    ) throws -> (SymmetricKey, AES.GCM.Nonce) {
        let keyInfo = Data("WebPush: info".utf8) + [0] + keys.p256dh + senderPublic
        let inputKeyMaterial = sharedSecret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: keys.auth, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKeyMaterial, salt: salt,
            info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKeyMaterial, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12)
        return (contentKey, try nonce.withUnsafeBytes { try AES.GCM.Nonce(data: Data($0)) })
    }
}
