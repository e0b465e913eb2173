import Mustache

/// How every template escapes `{{value}}`: the same five characters as swift-mustache's own
/// HTML escaping (`<`, `>`, `&`, `"`, `'`), found by scanning UTF-8 bytes rather than
/// characters, and text without any of them (most of it) is returned as it is.
///
/// Each template opts in on its first line with `{{% CONTENT_TYPE: CARDTABLE_HTML}}` (a partial
/// or parent starts over with swift-mustache's default, so each file says it).
struct TemplateEscaping: MustacheContentType {
    /// The name templates give in their `CONTENT_TYPE` line.
    static let name = "CARDTABLE_HTML"

    /// Makes the name known to swift-mustache; templates naming it must be parsed after this.
    static func register() {
        MustacheContentTypes.register(TemplateEscaping(), named: name)
    }

    func escapeText(_ text: String) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes -> String? in
            guard let first = bytes.firstIndex(where: { Self.replacement(for: $0) != nil }) else {
                return nil
            }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            result.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                if let replacement = Self.replacement(for: byte) {
                    result.append(contentsOf: replacement)
                } else {
                    result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
        return escaped ?? text
    }

    /// NB: every one of these is ASCII, and no byte of a multi-byte UTF-8 sequence is ASCII, so
    /// replacing bytes never splits a character.
    private static func replacement(for byte: UInt8) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "<"): lessThan
        case UInt8(ascii: ">"): greaterThan
        case UInt8(ascii: "&"): ampersand
        case UInt8(ascii: "\""): quotationMark
        case UInt8(ascii: "'"): apostrophe
        default: nil
        }
    }

    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let ampersand = Array("&amp;".utf8)
    private static let quotationMark = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)
}
