import NIOHTTP1

/// What the server answers a request it cannot read (before closing the connection): the status
/// and a line of text saying what was wrong, for each error the HTTP decoder reports.
struct MalformedRequest: Equatable {
    package let status: HTTPResponseStatus
    package let explanation: String

    /// The answer to `error`, thrown by the HTTP decoder while it read a request.
    init(_ error: any Error) {
        switch error as? HTTPParserError {
        case .invalidMethod:
            self.init(
                .notImplemented, "The request's method is not one this server knows (methods are upper case)."
            )
        case .invalidVersion:
            self.init(.httpVersionNotSupported, "This server speaks HTTP/1.0 and HTTP/1.1.")
        case .headerOverflow:
            self.init(.requestHeaderFieldsTooLarge, "The request's headers are too large.")
        case .invalidContentLength, .unexpectedContentLength:
            self.init(.badRequest, "The request's Content-Length is not one whole number.")
        case .invalidChunkSize:
            self.init(.badRequest, "The request's chunked body cannot be read.")
        default:
            self.init(.badRequest, "The request could not be read as HTTP/1.1.")
        }
    }

    private init(_ status: HTTPResponseStatus, _ explanation: String) {
        self.status = status
        self.explanation = explanation
    }

    /// The answer's head: the status, a plain-text body of `bodyLength` bytes, and a close.
    package func head(bodyLength: Int) -> HTTPResponseHead {
        HTTPResponseHead(
            version: .http1_1, status: status,
            headers: [
                "Connection": "close", "Content-Type": "text/plain; charset=utf-8",
                "Content-Length": String(bodyLength),
            ])
    }

    /// The answer's body: the explanation, on a line of its own.
    package var body: String { explanation + "\n" }
}
