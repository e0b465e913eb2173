import Foundation

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5), as Web Push writes keys,
/// and as JSON Web Tokens write their parts.
public enum Base64URL {
    /// `bytes` in base64url, without `=` padding.
    public static func encode(_ bytes: some DataProtocol) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes `text` encodes, with or without padding; nil when it is not base64url (a `+` or
    /// `/` of plain base64 is not accepted either).
    public static func decode(_ text: some StringProtocol) -> Data? {
        guard !text.contains("+"), !text.contains("/") else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        if base64.hasSuffix("=") {
            guard base64.count.isMultiple(of: 4) else { return nil }
        } else {
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        }
        return Data(base64Encoded: base64)
    }
}
