import Hummingbird

/// Answers each request in a child task of its own (``inOwnTask(_:)``) instead of in its
/// connection's task, so a kept-alive connection that answered a page does not hold that page's
/// memory while it waits for the next request: 46 KiB per idle connection before, 23 KiB after
/// (Benchmarks/flood/idle-memory.py, debug build).
package struct ResponderInOwnTask<Base: HTTPResponder>: HTTPResponder where Base.Context: Sendable {
    package let base: Base

    package init(base: Base) {
        self.base = base
    }

    package func respond(to request: Request, context: Base.Context) async throws -> Response {
        try await inOwnTask { [base] in try await base.respond(to: request, context: context) }
    }
}
