import CardTableBasics
import CardTableStorage
import Crypto
import Foundation
import WebPush

/// The server's own secret: it signs player cookies and seeds the deal a player sees before
/// their first move. It is made on first start and kept beside the database (readable by its
/// owner only), so a restart keeps every cookie valid; an in-memory database gets a fresh one.
/// With it goes the VAPID key pushes are signed with, kept in a second file beside it the same
/// way (`cardtable.sqlite.secret` and `cardtable.sqlite.vapid`), so browsers' subscriptions stay
/// valid and every instance of a site signs alike.
package struct ServerSecret: Sendable {
    private let key: SymmetricKey
    /// The key browsers subscribe to pushes with, and pushes are signed with.
    package let pushKey: VAPIDKey

    /// The secret that belongs with `storage`: read from the file beside the database (made there
    /// on first start), or a new random one for an in-memory database.
    /// - Throws: ``ServerSecretError`` when the file cannot be read, made, or holds no secret.
    package init(for storage: StorageLocation) throws {
        switch storage {
        case .inMemory: self = .random()
        case .file(let path): try self.init(keptAt: Self.path(besideDatabaseAt: path))
        }
    }

    /// The secret kept in the file at `path` (made there, readable by its owner only, if there is
    /// none): what several instances of one site share.
    /// - Throws: ``ServerSecretError`` when the file cannot be read, made, or holds no secret.
    package init(file path: String) throws {
        try self.init(keptAt: path)
    }

    /// A new random secret.
    package static func random() -> ServerSecret {
        ServerSecret(key: SymmetricKey(size: .bits256), pushKey: VAPIDKey())
    }

    /// Where the VAPID key kept with the secret at `secretPath` is: the same name ending in
    /// `.vapid` instead of `.secret` (or with `.vapid` added).
    package static func pushKeyPath(besideSecretAt secretPath: String) -> String {
        (secretPath.hasSuffix(".secret") ? String(secretPath.dropLast(".secret".count)) : secretPath)
            + ".vapid"
    }

    /// Where the secret of the database at `databasePath` is kept.
    package static func path(besideDatabaseAt databasePath: String) -> String {
        databasePath + ".secret"
    }

    // MARK: - Signing and seeding

    /// The signature of `message`: HMAC-SHA256 with the secret.
    func signature(of message: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key))
    }

    /// Whether `signature` is this secret's signature of `message` (compared in constant time).
    func isSignature(_ signature: Data, of message: String) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data(message.utf8), using: key)
    }

    /// 64 bits that only this server can compute from `message`: a seed for a deal a client
    /// must not be able to predict.
    func seed(for message: String) -> UInt64 {
        signature(of: "seed|" + message).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    // MARK: - Private

    private init(key: SymmetricKey, pushKey: VAPIDKey) {
        (self.key, self.pushKey) = (key, pushKey)
    }

    /// Reads the secret at `path`, making it first when there is none.
    private init(keptAt path: String) throws {
        let text: String
        do {
            text = try KeptFile.text(at: path) {
                SymmetricKey(size: .bits256).withUnsafeBytes { Data($0).hexDigits } + "\n"
            }
        } catch .cannotMake(let reason) {
            throw ServerSecretError.cannotMake(path: path, reason: reason)
        } catch .cannotRead(let reason) {
            throw ServerSecretError.cannotRead(path: path, reason: reason)
        }
        guard let bytes = Self.bytes(fromHex: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            bytes.count == 32
        else { throw ServerSecretError.cannotRead(path: path, reason: "it does not hold 64 hex digits") }
        self.init(
            key: SymmetricKey(data: bytes),
            pushKey: try Self.pushKey(keptAt: Self.pushKeyPath(besideSecretAt: path)))
    }

    /// Reads the VAPID key at `path`, making it first when there is none.
    private static func pushKey(keptAt path: String) throws -> VAPIDKey {
        let text: String
        do {
            text = try KeptFile.text(at: path) { Base64URL.encode(VAPIDKey().rawRepresentation) + "\n" }
        } catch .cannotMake(let reason) {
            throw ServerSecretError.cannotMake(path: path, reason: reason)
        } catch .cannotRead(let reason) {
            throw ServerSecretError.pushKeyCannotBeRead(path: path, reason: reason)
        }
        guard let bytes = Base64URL.decode(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let key = VAPIDKey(rawRepresentation: bytes)
        else {
            throw ServerSecretError.pushKeyCannotBeRead(
                path: path, reason: "it does not hold a P-256 private key in base64url")
        }
        return key
    }

    private static func bytes(fromHex text: String) -> Data? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes = Data()
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

/// The server secret could not be read or made; the server does not start without it.
package enum ServerSecretError: Error, CustomStringConvertible {
    case cannotRead(path: String, reason: String)
    case cannotMake(path: String, reason: String)
    /// The VAPID key beside the secret cannot be read.
    case pushKeyCannotBeRead(path: String, reason: String)

    package var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            "The server secret at \(path) cannot be read (\(reason)). Move the file away to make a new one; players will get new cookies."
        case .cannotMake(let path, let reason):
            "The server secret cannot be made at \(path) (\(reason))."
        case .pushKeyCannotBeRead(let path, let reason):
            "The push key at \(path) cannot be read (\(reason)). Move the file away to make a new one; players will turn notifications on again."
        }
    }
}
