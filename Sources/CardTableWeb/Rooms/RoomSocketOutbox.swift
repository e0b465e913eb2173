import Synchronization

/// What one room socket has still to send, kept small whatever its client does: the room's last
/// event (a newer number replaces an older one, since the sender reads the events themselves
/// from the database) and at most ``failureLimit`` error answers. A request whose answer finds the
/// outbox full waits for room, so the socket reads no faster than its answers go out; when no
/// room comes within ``patience`` (the answers wait on a client that does not read them), the
/// client has fallen behind.
///
/// One task adds, another sends (``deliver(_:)``).
final class RoomSocketOutbox: Sendable {
    /// The most error answers waiting to be sent: far more than a page sends between two reads,
    /// and under 70 KB (an answer is a sentence, naming at most a request's type, which fits in
    /// ``RoomSocketRequest/maximumBytes``).
    static let failureLimit = 32

    /// How long an answer waits for room in a full outbox before its client counts as fallen
    /// behind.
    static let patience: Duration = .seconds(5)

    /// What the sending side sends next.
    enum Item: Equatable, Sendable {
        /// The room's last event is now this one.
        case lastEvent(Int)
        /// Tell the sender its request failed.
        case failure(String)
    }

    private struct Pending {
        var lastEvent: Int?
        var failures: [String] = []
    }

    private let pending = Mutex(Pending())
    private let doorbell: AsyncStream<Void>
    private let ring: AsyncStream<Void>.Continuation

    init() {
        // NB: one ring waiting is enough: the sender takes everything pending when it wakes.
        (doorbell, ring) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Notes that the room's last event is now `lastEvent`.
    func announce(lastEvent: Int) {
        pending.withLock { $0.lastEvent = max($0.lastEvent ?? lastEvent, lastEvent) }
        ring.yield()
    }

    /// Adds an error answer, waiting up to `patience` for room while ``failureLimit`` answers
    /// wait already.
    /// - Returns: False when no room came (the answer is dropped): the client has fallen behind.
    func add(failure message: String, patience: Duration = RoomSocketOutbox.patience) async throws -> Bool {
        let deadline = ContinuousClock.now + patience
        while !tryAdding(message) {
            guard ContinuousClock.now < deadline else { return false }
            // NB: only a client that sends faster than it reads ever waits here.
            try await Task.sleep(for: .milliseconds(10))
        }
        ring.yield()
        return true
    }

    /// Hands each item to `send` as it comes (the last event first), until the task is cancelled.
    /// Only one task may deliver.
    func deliver(_ send: (Item) async throws -> Void) async rethrows {
        for await _ in doorbell {
            while let item = take() { try await send(item) }
        }
    }

    private func tryAdding(_ message: String) -> Bool {
        pending.withLock { pending in
            guard pending.failures.count < Self.failureLimit else { return false }
            pending.failures.append(message)
            return true
        }
    }

    private func take() -> Item? {
        pending.withLock { pending in
            if let lastEvent = pending.lastEvent {
                pending.lastEvent = nil
                return .lastEvent(lastEvent)
            }
            return pending.failures.isEmpty ? nil : .failure(pending.failures.removeFirst())
        }
    }
}
