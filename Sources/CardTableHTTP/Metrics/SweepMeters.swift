import CoreMetrics

/// How often a sweep ran, and how often one of its steps failed (the step is logged, and tried
/// again at the next sweep).
package struct SweepMeters: Sendable {
    package let runs: Counter
    package let failures: Counter

    /// The meters of the sweep called `sweep`; by default counted nowhere.
    package init(sweep: String, factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        runs = Counter(label: ServerMetrics.Name.sweeps, dimensions: [("sweep", sweep)], factory: factory)
        failures = Counter(
            label: ServerMetrics.Name.sweepFailures, dimensions: [("sweep", sweep)], factory: factory)
    }
}
