import CoreMetrics
import HTTPTypes
import Synchronization

/// The meters of the requests: a count by route pattern, method and status, and a histogram of
/// answer times by route pattern and method. Each combination's meters are made on first use and
/// kept, so a request costs one lookup.
package final class RequestMeters: Sendable {
    private struct Key: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private struct Meters: Sendable {
        let count: Counter
        let duration: Timer
    }

    private let factory: any MetricsFactory
    private let meters = Mutex<[Key: Meters]>([:])

    package init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// Counts one request to `route` (a pattern, never a path) and how long it took to answer.
    package func record(route: String, method: HTTPRequest.Method, status: Int, duration: Duration) {
        let key = Key(route: route, method: Self.label(method), status: status)
        let meters = meters.withLock { meters in
            if let found = meters[key] { return found }
            let made = make(key)
            meters[key] = made
            return made
        }
        meters.count.increment()
        meters.duration.recordNanoseconds(duration.nanoseconds)
    }

    private func make(_ key: Key) -> Meters {
        let route = [("route", key.route), ("method", key.method)]
        return Meters(
            count: Counter(
                label: ServerMetrics.Name.requests, dimensions: route + [("status", String(key.status))],
                factory: factory),
            duration: Timer(label: ServerMetrics.Name.requestDuration, dimensions: route, factory: factory))
    }

    /// The methods counted by name; any other (a client may send any word) is counted as `other`.
    private static let methods: Set<HTTPRequest.Method> = [
        .get, .head, .post, .put, .delete, .patch, .options,
    ]

    private static func label(_ method: HTTPRequest.Method) -> String {
        methods.contains(method) ? method.rawValue : "other"
    }
}
