import Synchronization

/// Whether the server has been told to stop and is draining: `GET /ready` answers 503 so that
/// nginx or an orchestrator sends new requests elsewhere, while the server still answers every
/// request for a moment before its listener closes.
package final class ShutdownDrain: Sendable {
    private let began = Atomic(false)

    package init() {}

    /// Starts draining: from now on `GET /ready` answers 503.
    package func begin() {
        began.store(true, ordering: .releasing)
    }

    /// Whether draining has begun.
    package var hasBegun: Bool { began.load(ordering: .acquiring) }
}
