import Synchronization

/// Remembers the answers of a pure function, so a value read again and again (a theme's JSON
/// columns, the same for every player of a built-in theme) is worked out once.
///
/// The answer for a key never changes, so a remembered one is never stale; when ``capacity``
/// keys are remembered, they are all forgotten and remembering starts over.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private let answers = Mutex<[Key: Value]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The answer remembered for `key`, if any.
    func remembered(for key: Key) -> Value? {
        answers.withLock { $0[key] }
    }

    /// The answer for `key`: remembered, or made by `answer` and remembered.
    func value(for key: Key, _ answer: (Key) throws -> Value) rethrows -> Value {
        if let known = remembered(for: key) { return known }
        let value = try answer(key)
        remember(value, for: key)
        return value
    }

    /// The answers for `keys`, in their order: remembered, or made by `answer` and remembered
    /// (under one lock for the reading, as a page reads many).
    func values(for keys: [Key], _ answer: (Key) throws -> Value) rethrows -> [Value] {
        let known = answers.withLock { answers in keys.map { answers[$0] } }
        var fresh: [Key: Value] = [:]
        return try zip(keys, known).map { key, known in
            if let value = known ?? fresh[key] { return value }
            let value = try answer(key)
            fresh[key] = value
            remember(value, for: key)
            return value
        }
    }

    /// Remembers `value` as the answer for `key`, when the caller knows it already.
    func remember(_ value: Value, for key: Key) {
        answers.withLock { answers in
            if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = value
        }
    }
}
