import HTTPTypes
import Synchronization

/// Every path template the app registered, with its methods: what a request to a known path
/// with another method is told it may use (405 Method Not Allowed, with `Allow`).
final class RegisteredRoutes: Sendable {
    private let routes = Mutex<[(segments: [Substring], method: HTTPRequest.Method)]>([])

    /// Notes that `template` answers `method`.
    func add(_ template: String, method: HTTPRequest.Method) {
        routes.withLock { $0.append((Self.segments(of: template), method)) }
    }

    /// The methods registered for paths matching `path` (GET brings HEAD), in a stable order.
    func methods(matching path: String) -> [HTTPRequest.Method] {
        let segments = Self.segments(of: path)
        var methods = routes.withLock { routes in
            Set(routes.filter { Self.matches(segments, $0.segments) }.map(\.method))
        }
        if methods.contains(.get) { methods.insert(.head) }
        return methods.map(\.rawValue).sorted().compactMap { HTTPRequest.Method($0) }
    }

    // MARK: - Private

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
