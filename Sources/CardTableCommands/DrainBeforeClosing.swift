import CardTableBasics
import CardTableWeb
import Logging
import ServiceLifecycle

/// Waits for the server to be told to stop, then begins its drain and ends after `period`, so
/// the services before it in the group (the app and its listener) stop only then.
struct DrainBeforeClosing: Service {
    let drain: ShutdownDrain
    let period: Duration
    let logger: Logger

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return
        }
        drain.begin()
        logger.info(
            "Draining: /ready answers 503 until the listener closes", metadata: ["seconds": "\(period)"])
        try? await Task.sleep(for: period)
    }
}
