import CardTableHTTP
import HTTPTypes

/// Every address of notifications (Web Push).
enum PushRoute: Route, Hashable {
    /// The server's VAPID public key, which a browser subscribes with.
    case key

    enum Template: String, RouteTemplate {
        case key = "/push/key"

        var method: HTTPRequest.Method { .get }
    }

    var template: Template {
        switch self {
        case .key: .key
        }
    }
}
