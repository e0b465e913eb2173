import HTTPTypes
import Hummingbird

/// Takes the proxy headers (`X-Forwarded-For`, `X-Forwarded-Proto`) off every
/// request that did not come from a trusted proxy, before anything reads them: what a browser
/// says about itself there is not believed, so behind nginx only nginx's word counts.
///
/// It runs first on both routers (pages and room sockets); everything after it may read the
/// headers as the proxy wrote them (``Request/isHTTPS``, ``ClientAddress``).
package struct ProxyHeadersMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    package let trustedProxies: TrustedProxies

    package init(trustedProxies: TrustedProxies) {
        self.trustedProxies = trustedProxies
    }

    package func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let peer = context.remoteAddress, trustedProxies.trusts(peer) {
            return try await next(request, context)
        }
        guard request.headers.contains(where: { Self.proxyHeaders.contains($0.name) }) else {
            return try await next(request, context)
        }
        var head = request.head
        for name in Self.proxyHeaders { head.headerFields[values: name] = [] }
        return try await next(Request(head: head, body: request.body), context)
    }

    /// The headers only a trusted proxy may send.
    static var proxyHeaders: [HTTPField.Name] {
        [ClientAddress.forwardedFor, .forwardedProto]
    }
}

extension HTTPField.Name {
    /// The scheme the browser used to reach the proxy in front (`https`).
    static let forwardedProto = Self("X-Forwarded-Proto")!
}
