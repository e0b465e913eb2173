import CardTableHTTP
import Hummingbird
import WebPush

/// Notifications over HTTP: the key browsers subscribe with.
struct PushController: Sendable {
    let key: VAPIDKey

    /// What `GET /push/key` answers.
    struct PublicKey: Encodable {
        /// The uncompressed P-256 point in base64url: `PushManager.subscribe`'s
        /// `applicationServerKey`.
        let publicKey: String
    }

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(PushRoute.Template.key, notingIn: routes) { [key] _, _ in
            try PageRenderer.json(PublicKey(publicKey: key.publicKey))
        }
    }
}
