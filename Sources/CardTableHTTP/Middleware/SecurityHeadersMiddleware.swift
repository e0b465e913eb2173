import HTTPTypes
import Hummingbird

/// Adds the security headers to every response: pages, JSON, errors, static files, generated
/// stylesheets, redirects and 304s; to a browser that came over HTTPS (behind a trusted proxy),
/// also `Strict-Transport-Security`, unless it is turned off.
///
/// Stylesheets and scripts go without the policy: browsers enforce it only on what they show as
/// a document (or run as a worker), and leaving it off saves ~210 bytes on each of the six files a
/// first visit to Set fetches. They keep `nosniff`, which browsers do enforce on them.
///
/// The policy allows scripts, styles and images from this server only (images also as `data:`
/// URLs), no plugins, no `<base>`, forms posted only here, and no framing. No page needs inline
/// script or style: the card grids and theme colors are stylesheets the pages link to
/// (``GeneratedStylesheets``), and the speed-bonus pie takes its numbers from data attributes.
package struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The `Strict-Transport-Security` value sent over HTTPS (`max-age=31536000`), or nil for none.
    let strictTransportSecurity: String?

    /// - Parameter strictTransportSecurityMaxAge: How long a browser that came over HTTPS is to
    ///   come only over HTTPS; nil or zero sends no such header.
    package init(strictTransportSecurityMaxAge: Duration? = nil) {
        let seconds = strictTransportSecurityMaxAge?.components.seconds ?? 0
        strictTransportSecurity = seconds > 0 ? "max-age=\(seconds)" : nil
    }

    /// The `Content-Security-Policy` every response carries.
    static var contentSecurityPolicy: String {
        [
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
            "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    package func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        if !Self.isSubresource(response.headers[.contentType]) {
            response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        if let strictTransportSecurity, request.isHTTPS {
            response.headers[.strictTransportSecurity] = strictTransportSecurity
        }
        return response
    }
}

extension SecurityHeadersMiddleware {
    /// Whether a response of `contentType` is only ever a stylesheet or a script of a page.
    static func isSubresource(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        return contentType.hasPrefix("text/css") || contentType.hasPrefix("text/javascript")
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
}
