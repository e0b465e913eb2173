/// Stylesheets as served: their comments are for the people who read the source, so the browser
/// is sent the rules alone (a third less over the wire, gzipped).
enum StylesheetComments {
    /// `css` without its `/* … */` comments (a `/*` inside a quoted string is kept) and without
    /// the blank lines they leave. An unclosed comment runs to the end, as CSS reads it.
    package static func removed(from css: String) -> String {
        var kept: [UInt8] = []
        kept.reserveCapacity(css.utf8.count)
        let bytes = Array(css.utf8)
        var index = 0
        var quote: UInt8? = nil
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                kept.append(byte)
                if byte == backslash, index + 1 < bytes.count {
                    kept.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == open || byte == newline { quote = nil }
                index += 1
            } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                index = endOfComment(in: bytes, openedAt: index)
            } else {
                if byte == doubleQuote || byte == singleQuote { quote = byte }
                kept.append(byte)
                index += 1
            }
        }
        let lines = String(decoding: kept, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let rules = lines.filter { !$0.allSatisfy(\.isWhitespace) }
        return rules.isEmpty ? "" : rules.joined(separator: "\n") + "\n"
    }

    /// Where the text after the comment that opens at `start` begins.
    private static func endOfComment(in bytes: [UInt8], openedAt start: Int) -> Int {
        var index = start + 2
        while index + 1 < bytes.count {
            if bytes[index] == star, bytes[index + 1] == slash { return index + 2 }
            index += 1
        }
        return bytes.count
    }

    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let backslash = UInt8(ascii: "\\")
    private static let newline = UInt8(ascii: "\n")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
}
