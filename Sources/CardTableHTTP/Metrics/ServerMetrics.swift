import CoreMetrics
import Prometheus

/// What the server measures, kept in a Prometheus registry of its own and written out in
/// Prometheus' text format at `GET /metrics` (see ``metricsApplication(_:hostname:port:timeouts:logger:)``).
///
/// NB: swift-metrics' global system can be bootstrapped once per process; each app (each test's
/// too) makes its meters with its own factory instead, so no two apps count into one registry.
package final class ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    /// Makes the meters that count into ``registry``.
    let factory: PrometheusMetricsFactory

    // MARK: - Connections and rooms

    /// Connections open to the server: HTTP ones and room sockets alike.
    package let connectionsOpen: CoreMetrics.Meter
    /// Connections closed as they opened, for their address had its limit open already.
    package let connectionsRefused: CoreMetrics.Counter
    /// Room sockets open to this instance.
    package let roomSocketsOpen: CoreMetrics.Meter
    /// Rooms with at least one socket open to this instance.
    package let roomsOpen: CoreMetrics.Meter
    /// Room events written to sockets (one event sent to five sockets counts five).
    package let roomEventsSent: CoreMetrics.Counter

    // MARK: - Requests

    /// Each request's meters, by route pattern, method and status, made on first use.
    package let requests: RequestMeters

    /// The names of everything measured.
    enum Name {
        package static let requests = "cardtable_http_requests_total"
        static let requestDuration = "cardtable_http_request_duration_seconds"
        package static let connectionsOpen = "cardtable_http_connections_open"
        package static let connectionsRefused = "cardtable_http_connections_refused_total"
        package static let roomSocketsOpen = "cardtable_room_sockets_open"
        package static let roomsOpen = "cardtable_rooms_open"
        package static let roomEventsSent = "cardtable_room_events_sent_total"
        static let transactionDuration = "cardtable_database_transaction_duration_seconds"
        static let transactionErrors = "cardtable_database_transaction_errors_total"
        static let sweeps = "cardtable_sweeps_total"
        static let sweepFailures = "cardtable_sweep_failures_total"
    }

    /// The upper bounds of the time histograms' buckets: most answers take well under 5 ms, the
    /// smallest of Prometheus' defaults.
    static let durationBuckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
    ]

    /// Starts every count at zero, in a registry of its own.
    package init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBuckets
        (self.registry, self.factory) = (registry, factory)
        connectionsOpen = CoreMetrics.Meter(label: Name.connectionsOpen, factory: factory)
        connectionsRefused = CoreMetrics.Counter(label: Name.connectionsRefused, factory: factory)
        roomSocketsOpen = CoreMetrics.Meter(label: Name.roomSocketsOpen, factory: factory)
        roomsOpen = CoreMetrics.Meter(label: Name.roomsOpen, factory: factory)
        roomEventsSent = CoreMetrics.Counter(label: Name.roomEventsSent, factory: factory)
        requests = RequestMeters(factory: factory)
    }

    /// Everything measured so far, in Prometheus' text exposition format.
    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }

    /// The meters of one kind of database transaction (`read`, `write` or `move`).
    package func transactions(_ kind: String) -> TransactionMeters {
        TransactionMeters(
            duration: CoreMetrics.Timer(
                label: Name.transactionDuration, dimensions: [("kind", kind)], factory: factory),
            errors: CoreMetrics.Counter(
                label: Name.transactionErrors, dimensions: [("kind", kind)], factory: factory))
    }

    /// The meters of one sweep (`rooms`, `forgotten_players`).
    package func sweep(_ name: String) -> SweepMeters {
        SweepMeters(sweep: name, factory: factory)
    }
}
