import HTTPTypes
import Synchronization

/// Every path template the app registered, with its methods: what a request to a known path
/// with another method is told it may use (405 Method Not Allowed, with `Allow`).
package final class RegisteredRoutes: Sendable {
    package init() {}

    private let routes = Mutex<[Registered]>([])

    /// A template's segments, how specific each is (see ``specificity(of:)``), and its method.
    private struct Registered {
        let segments: [Substring]
        let specificity: [Int]
        let method: HTTPRequest.Method
    }

    /// Notes that `template` answers `method`.
    package func add(_ template: String, method: HTTPRequest.Method) {
        let segments = Self.segments(of: template)
        let route = Registered(
            segments: segments, specificity: Self.specificity(of: segments), method: method)
        routes.withLock { $0.append(route) }
    }

    /// The methods registered for `path` (GET brings HEAD), in a stable order: those of the
    /// templates the router would pick for it. As the router does, at each segment a template
    /// that names it outranks one with a parameter there, and a parameter with fixed text around
    /// it (`{id}.json`) outranks a bare one, so `/themes/new` answers only what `/themes/new`
    /// registered, not what `/themes/{id}` did.
    package func methods(matching path: String) -> [HTTPRequest.Method] {
        let segments = Self.segments(of: path)
        var methods = routes.withLock { routes in
            let matching = routes.filter { Self.matches(segments, $0.segments) }
            guard let best = matching.map(\.specificity).max(by: { $0.lexicographicallyPrecedes($1) }) else {
                return Set<HTTPRequest.Method>()
            }
            return Set(matching.filter { $0.specificity == best }.map(\.method))
        }
        if methods.contains(.get) { methods.insert(.head) }
        return methods.map(\.rawValue).sorted().compactMap { HTTPRequest.Method($0) }
    }

    // MARK: - Private

    /// How specific each segment of a template is: 2 for fixed text, 1 for a parameter with
    /// fixed text around it, 0 for a bare parameter.
    private static func specificity(of template: [Substring]) -> [Int] {
        template.map { segment in
            guard segment.contains("{") else { return 2 }
            return segment.first == "{" && segment.last == "}" ? 0 : 1
        }
    }

    private static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether a path's segments fit a template's: `{name}` stands for any non-empty text, with
    /// the rest of its segment (as in `{id}.json`) matched exactly.
    private static func matches(_ path: [Substring], _ template: [Substring]) -> Bool {
        guard path.count == template.count else { return false }
        return zip(path, template).allSatisfy { segment, pattern in
            guard let open = pattern.firstIndex(of: "{"), let close = pattern.firstIndex(of: "}") else {
                return segment == pattern
            }
            let prefix = pattern[..<open]
            let suffix = pattern[pattern.index(after: close)...]
            return segment.count > prefix.count + suffix.count && segment.hasPrefix(prefix)
                && segment.hasSuffix(suffix)
        }
    }
}
