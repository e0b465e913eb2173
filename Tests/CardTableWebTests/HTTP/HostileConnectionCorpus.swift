import Testing

/// Connections no browser makes: request heads the HTTP decoder cannot read, bodies that never
/// finish, and requests cut short, each sent as raw bytes on a connection of its own.
enum HostileConnectionCorpus {
    /// A first request that cannot be read, and the status it must be answered with.
    struct MalformedHead: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let status: Int

        init(_ name: String, _ text: String, status: Int = 400) {
            self.init(name, Array(text.utf8), status: status)
        }

        init(_ name: String, _ bytes: [UInt8], status: Int = 400) {
            self.name = name
            self.bytes = bytes
            self.status = status
        }

        var testDescription: String { name }
    }

    static let host = "Host: 127.0.0.1\r\n"

    /// Every malformed first request: unknown methods and versions, control bytes, lengths that
    /// contradict themselves, other protocols and heads too large to keep.
    static let malformedHeads: [MalformedHead] = [
        MalformedHead("an unknown method", "BREW /health HTTP/1.1\r\n\(host)\r\n", status: 501),
        MalformedHead("a lower-case method", "get /health HTTP/1.1\r\n\(host)\r\n", status: 501),
        MalformedHead("a control byte in a header", "GET /health HTTP/1.1\r\n\(host)X-A: a\u{1}b\r\n\r\n"),
        MalformedHead("a control byte in the path", "GET /he\u{1}alth HTTP/1.1\r\n\(host)\r\n"),
        MalformedHead(
            "a length given twice in one header",
            "POST /set/new HTTP/1.1\r\n\(host)Content-Length: 10, 10\r\n\r\nmode=solo&"),
        MalformedHead("a negative length", "POST /set/new HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n"),
        MalformedHead(
            "two lengths",
            "POST /set/new HTTP/1.1\r\n\(host)Content-Length: 4\r\nContent-Length: 5\r\n\r\nmode="),
        MalformedHead(
            "a length and chunks",
            "POST /set/new HTTP/1.1\r\n\(host)Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        ),
        MalformedHead("HTTP/1.2", "GET /health HTTP/1.2\r\n\(host)\r\n", status: 505),
        MalformedHead("HTTP/0.9", "GET /health\r\n\r\n", status: 505),
        MalformedHead("the HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"),
        MalformedHead(
            "a thousand headers",
            "GET /health HTTP/1.1\r\n\(host)" + (0..<1000).map { "X-\($0): a\r\n" }.joined() + "\r\n",
            status: 431),
        MalformedHead(
            "a 100 KB header",
            "GET /health HTTP/1.1\r\n\(host)X-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n",
            status: 431),
        MalformedHead("a TLS greeting", tlsClientHello, status: 501),
        MalformedHead("a bare line feed in the request line", "GET /health\nHTTP/1.1\r\n\(host)\r\n"),
        MalformedHead("a space before a header's colon", "GET /health HTTP/1.1\r\n\(host)X-A : b\r\n\r\n"),
    ]

    /// The start of a TLS 1.2 ClientHello, as a browser sends it to an `https://` address.
    static let tlsClientHello: [UInt8] =
        [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03]
        + Array(repeating: 0x2A, count: 32) + [0x00, 0x00, 0x20, 0xC0, 0x2B, 0xC0, 0x2F, 0x00, 0x9E]
        + Array(repeating: 0x00, count: 120)

    /// A whole head that promises `length` bytes of body, to be sent slowly or cut short.
    static func postHead(path: String = "/set/new", length: Int, extraHeaders: String = "") -> String {
        "POST \(path) HTTP/1.1\r\n\(host)Content-Type: application/x-www-form-urlencoded\r\n"
            + "Content-Length: \(length)\r\n\(extraHeaders)\r\n"
    }

    /// `GET /health` with a body it promises and does not finish (the client then stops sending).
    static let healthWithShortBody = "GET /health HTTP/1.1\r\n\(host)Content-Length: 40\r\n\r\n0123456789"
}
