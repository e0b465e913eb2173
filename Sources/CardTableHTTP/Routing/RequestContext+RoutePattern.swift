import Hummingbird

extension RequestContext {
    /// The matched route's path pattern (`/rooms/{code}`), never the path itself, whose ids would
    /// make every request a line of its own; `(no route)` for a request that matched none
    /// (Hummingbird names it `NotFound`).
    var routePattern: String {
        guard let path = endpointPath, path != "NotFound" else { return "(no route)" }
        return path
    }

}
