import Synchronization

/// Holds whoever waits at it until it is opened; once open, it lets everyone through.
final class Gate: Sendable {
    private struct State {
        var open = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Returns once the gate is open.
    func wait() async {
        await withCheckedContinuation { waiter in
            let open = state.withLock { state in
                if !state.open { state.waiting.append(waiter) }
                return state.open
            }
            if open { waiter.resume() }
        }
    }

    /// Opens the gate for good, letting everyone waiting through.
    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for waiter in waiting { waiter.resume() }
    }
}
