import CardTableBasics
import CardTableWeb
import Hummingbird
import Logging
import ServiceLifecycle

/// How the server stops on SIGTERM or Ctrl-C: it drains first (`GET /ready` answers 503 while
/// every request is still served), then stops taking connections and finishes what it has begun.
struct GracefulStop: Sendable {
    let drain: ShutdownDrain
    /// How long the server drains before its listener closes.
    let drainPeriod: Duration
    /// How long, once draining is over, the requests and sockets still open may take.
    let gracePeriod: Duration
}

extension ApplicationProtocol {
    /// Runs the app until SIGTERM or Ctrl-C, then stops it gracefully: it drains for
    /// `stopping.drainPeriod`, then stops taking connections and finishes the requests it has
    /// begun; whatever is still open after the grace period (a body that never ends, a room
    /// socket) is cancelled and closed.
    func runUntilStopped(_ stopping: GracefulStop, logger: Logger) async throws {
        // NB: a group stops its services last to first, each once the one after it has ended,
        // so the app's listener stays open until the drain is over.
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: self),
                .init(
                    service: DrainBeforeClosing(
                        drain: stopping.drain, period: stopping.drainPeriod, logger: logger),
                    successTerminationBehavior: .gracefullyShutdownGroup),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = stopping.drainPeriod + stopping.gracePeriod
        try await ServiceGroup(configuration: configuration).run()
    }
}
