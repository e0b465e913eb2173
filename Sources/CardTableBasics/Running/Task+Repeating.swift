import ServiceLifecycle

/// Runs `work` as soon as the database is ready and then every `interval` until the server shuts
/// down gracefully (or the task is cancelled); every wait ends at shutdown, so it never holds the
/// server up.
package func repeatUntilShutdown(
    every interval: Duration, once readiness: DatabaseReadiness = .ready, _ work: () async -> Void
) async {
    do {
        try await cancelWhenGracefulShutdown { try await readiness.wait() }
    } catch {
        return
    }
    while !Task.isShuttingDownGracefully, !Task.isCancelled {
        await work()
        do {
            try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        } catch {
            return
        }
    }
}
