import Crypto

/// The content hash in a static file's address: `set.js` is served as `set.3fa9c01b2e.js`, so the
/// address changes exactly when the bytes do and browsers may keep a file for a year.
struct AssetFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// How many hex digits of SHA-256 an address carries (40 bits: plenty to tell versions apart).
    package static let length = 10

    package let description: String

    /// The fingerprint of `bytes`: the first ``length`` hex digits of their SHA-256.
    init(of bytes: some Sequence<UInt8>) {
        let digits = Array("0123456789abcdef")
        var hex = ""
        for byte in SHA256.hash(data: Array(bytes)).prefix((Self.length + 1) / 2) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        description = String(hex.prefix(Self.length))
    }

    /// `name` with this fingerprint before its extension: `set.js` → `set.3fa9c01b2e.js`.
    package func address(of name: String) -> String {
        let (stem, pathExtension) = Self.split(name)
        return "\(stem).\(description).\(pathExtension)"
    }

    /// The plain name a fingerprinted address stands for, whatever its fingerprint (today's or an
    /// older one): `set.0123abcdef.js` → `set.js`; nil when `address` carries no fingerprint.
    static func plainName(of address: String) -> String? {
        let (rest, pathExtension) = split(address)
        let (stem, hash) = split(rest)
        guard !stem.isEmpty, !pathExtension.isEmpty, (8...64).contains(hash.count),
            hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase })
        else { return nil }
        return "\(stem).\(pathExtension)"
    }

    // MARK: - Private

    /// `name` cut at its last dot: `app.css` → (`app`, `css`); (`name`, ``) without a dot.
    private static func split(_ name: String) -> (stem: String, pathExtension: String) {
        guard let dot = name.lastIndex(of: ".") else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }
}
