/// Runs `work` in a child task of its own and waits for it.
///
/// A task keeps the memory its deepest call needed until the task ends. Work done now and then
/// inside a task that lives long — a kept-alive connection's, a room socket's — would leave that
/// high-water mark held for as long as the connection is open; done in a child task, it gives the
/// memory back when it returns. The child inherits cancellation, priority and task locals.
package func inOwnTask<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws
    -> Value
{
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask(operation: work)
        // NB: one task was added, so `next()` has its value or its error.
        return try await group.next()!
    }
}
