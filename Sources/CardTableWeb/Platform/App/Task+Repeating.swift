import ServiceLifecycle

/// Runs `work` now and then every `interval` until the server shuts down gracefully (or the
/// task is cancelled); the wait between runs ends at shutdown, so it never holds the server up.
func repeatUntilShutdown(every interval: Duration, _ work: () async -> Void) async {
    while !Task.isShuttingDownGracefully, !Task.isCancelled {
        await work()
        do {
            try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        } catch {
            return
        }
    }
}
