import CardTableHTTP
import HTTPTypes

/// Every address of notifications (Web Push).
enum PushRoute: Route, Hashable {
    /// The server's VAPID public key, which a browser subscribes with.
    case key
    /// This browser's push subscription: `POST` keeps it, `DELETE` (``Removal``) removes it.
    case subscriptions

    enum Template: String, RouteTemplate {
        case key = "/push/key"
        case subscriptions = "/push/subscriptions"

        var method: HTTPRequest.Method {
            switch self {
            case .key: .get
            case .subscriptions: .post
            }
        }
    }

    /// The same address as ``Template/subscriptions`` with `DELETE` (a template names one method).
    enum Removal: String, RouteTemplate {
        case subscriptions = "/push/subscriptions"

        var method: HTTPRequest.Method { .delete }
    }

    var template: Template {
        switch self {
        case .key: .key
        case .subscriptions: .subscriptions
        }
    }
}
