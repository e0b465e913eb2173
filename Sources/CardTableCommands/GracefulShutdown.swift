import Hummingbird
import Logging
import ServiceLifecycle

extension ApplicationProtocol {
    /// Runs the app until SIGTERM or Ctrl-C, then stops it gracefully: it stops taking
    /// connections and finishes the requests it has begun; whatever is still open after
    /// `gracePeriod` (a body that never ends, a room socket) is cancelled and closed.
    func runUntilStopped(gracePeriod: Duration, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [self], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = gracePeriod
        try await ServiceGroup(configuration: configuration).run()
    }
}
