import CardTableBasics
import Foundation

/// A code that makes another browser the same player: a link code, shown on `/devices` to type
/// on the other device (short-lived and good once), or a recovery code, which the player keeps
/// and which links any browser until they make a new one. Both are made of
/// ``ReadableCode/alphabet`` and stored only as their ``digest(keyedBy:)``.
struct DeviceCode: Hashable, Sendable, CustomStringConvertible {
    enum Kind: String, Hashable, Sendable {
        case link, recovery
    }

    /// Characters in a link code: 31⁸, about 2^39.6 codes; guessing is slowed by the server.
    static let linkLength = 8
    /// Characters in a recovery code: 31²⁴, about 2^118.9 codes, too many to guess.
    static let recoveryLength = 24
    /// Characters at the start of a code whose failed tries are counted together, so that
    /// guesses at one code cannot hide among many addresses.
    static let guessedPrefixLength = 4

    let kind: Kind
    /// The code in capitals, without spaces or dashes.
    let rawValue: String

    /// Reads a code as a player might type it: any case, with spaces or dashes anywhere; a link
    /// code or a recovery code by its length. Nil for anything else.
    init?(_ text: some StringProtocol) {
        if let code = ReadableCode.normalized(text, length: Self.linkLength) {
            (kind, rawValue) = (.link, code)
        } else if let code = ReadableCode.normalized(text, length: Self.recoveryLength) {
            (kind, rawValue) = (.recovery, code)
        } else {
            return nil
        }
    }

    /// A new link code drawn by `generator`.
    static func newLinkCode(using generator: inout some RandomNumberGenerator) -> DeviceCode {
        DeviceCode(kind: .link, rawValue: ReadableCode.random(length: linkLength, using: &generator))
    }

    /// A new recovery code drawn by `generator`.
    static func newRecoveryCode(using generator: inout some RandomNumberGenerator) -> DeviceCode {
        DeviceCode(kind: .recovery, rawValue: ReadableCode.random(length: recoveryLength, using: &generator))
    }

    /// The code as players read it, in groups of four: `ABCD-EFGH`.
    var description: String {
        ReadableCode.grouped(rawValue, by: 4)
    }

    /// The first characters, under which failed tries are counted (``guessedPrefixLength``).
    var guessedPrefix: String {
        String(rawValue.prefix(Self.guessedPrefixLength))
    }

    /// What is stored in place of the code: its HMAC-SHA256 under the server's secret, in hex.
    /// A stored digest says nothing of its code without the secret, even for short link codes.
    func digest(keyedBy secret: ServerSecret) -> String {
        secret.signature(of: "device-code|" + rawValue).hexDigits
    }

    /// What finds a stored code's row: a keyed digest of its kind and its first characters, 16
    /// hex digits. A few codes may share one; each is then told apart by its ``digest(keyedBy:)``,
    /// compared in constant time (``digestsMatch(_:_:)``), so the time a try takes says nothing of
    /// how close it came.
    func selector(keyedBy secret: ServerSecret) -> String {
        let message = "device-code-selector|\(kind.rawValue)|" + guessedPrefix
        return secret.signature(of: message).prefix(8).hexDigits
    }

    /// Whether two digests are the same, looking at every character whatever the first
    /// difference.
    static func digestsMatch(_ one: String, _ other: String) -> Bool {
        let (a, b) = (Array(one.utf8), Array(other.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private init(kind: Kind, rawValue: String) {
        (self.kind, self.rawValue) = (kind, rawValue)
    }
}
