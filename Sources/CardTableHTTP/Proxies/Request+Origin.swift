import Hummingbird

extension Request {
    /// Whether the browser reached this server over HTTPS: said by a trusted proxy in front
    /// (`X-Forwarded-Proto: https`; ``ProxyHeadersMiddleware`` drops anyone else's), since the
    /// server itself speaks plain HTTP.
    package var isHTTPS: Bool {
        if head.scheme?.lowercased() == "https" { return true }
        // NB: a chain of proxies lists one scheme each; the first is the browser's.
        let forwarded = headers[.forwardedProto]?.split(separator: ",").first
        return forwarded?.trimmingWhitespace().lowercased() == "https"
    }

    /// The scheme the browser used: `https` or `http`.
    var browserScheme: String { isHTTPS ? "https" : "http" }

    /// This server's origin as the browser reached it (`https://cardtable.example`,
    /// `http://192.168.1.20:8080`), for links that leave the page: a room's link and QR code,
    /// a device code's QR code.
    package var origin: String {
        "\(browserScheme)://\(head.authority ?? "127.0.0.1")"
    }
}
