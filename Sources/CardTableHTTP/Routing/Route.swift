import Foundation
import Hummingbird

/// One of the app's addresses as a typed value: which page or action, with the values in its path.
///
/// Each feature lists its addresses in one `Route` enum. The router registers its ``Template``s
/// (each with the one method it answers) and pages link with ``path``, so an address that changes
/// changes in one place.
package protocol Route: Sendable {
    /// The feature's path templates.
    associatedtype Template: RouteTemplate

    /// The template this address fills in.
    var template: Template { get }
    /// The values of the template's parameters, by name.
    var parameters: [String: String] { get }
    /// Query items, in order (none by default).
    var query: KeyValuePairs<String, String> { get }
    /// The fragment, without `#` (none by default).
    var fragment: String? { get }
}

extension Route {
    package var parameters: [String: String] { [:] }
    package var query: KeyValuePairs<String, String> { [:] }
    package var fragment: String? { nil }

    /// The address to link or redirect to: the template with each `{name}` filled in.
    package var path: String {
        let parameters = parameters
        var path = ""
        var rest = Substring(template.rawValue)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            path += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            path += parameters[name].map(Self.escape) ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        path += rest
        if !query.isEmpty {
            path += "?" + query.map { "\($0.key)=\(Self.escape($0.value))" }.joined(separator: "&")
        }
        if let fragment {
            path += "#" + Self.escape(fragment)
        }
        return path
    }

    private static func escape(_ text: String) -> String {
        // NB: ids and numbers, nearly every value, need no escaping.
        guard !text.utf8.allSatisfy(isUnreserved) else { return text }
        return text.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters) ?? text
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

/// A path template, `{name}` marking a path parameter (`/play/{slot}/choose/{card}`), and the
/// one method it answers (GET pages also answer HEAD).
package protocol RouteTemplate: RawRepresentable<String>, CaseIterable, Sendable {
    var method: HTTPRequest.Method { get }
}

extension CharacterSet {
    /// Letters, digits and `-._~`: what a path segment or query value may hold unescaped.
    fileprivate static let urlUnreservedCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension RouterMethods {
    /// Registers `handler` for `template`'s method and path, and notes it in `routes`.
    @discardableResult
    package func on<Template: RouteTemplate>(
        _ template: Template, notingIn routes: RegisteredRoutes,
        use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        routes.add(template.rawValue, method: template.method)
        return on(RouterPath(template.rawValue), method: template.method, use: handler)
    }
}

extension Response {
    /// A 303 See Other to `route`: where a form post sends the browser next.
    package static func redirect(to route: some Route) -> Response {
        .redirect(to: route.path, type: .normal)
    }
}
