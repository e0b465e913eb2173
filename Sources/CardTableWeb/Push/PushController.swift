import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Hummingbird
import WebPush

/// Notifications over HTTP: the key browsers subscribe with, and keeping or removing a
/// browser's subscription.
struct PushController: Sendable {
    let database: any CardTableDatabase
    let key: VAPIDKey
    /// How an endpoint's host is resolved when checking where its pushes would go.
    let resolver: any PushHostResolver
    /// Whether plain-http loopback endpoints are taken: tests' push services only.
    let allowsLocalEndpoints: Bool
    let now: @Sendable () -> Date

    /// What `GET /push/key` answers.
    struct PublicKey: Encodable {
        /// The uncompressed P-256 point in base64url: `PushManager.subscribe`'s
        /// `applicationServerKey`.
        let publicKey: String
    }

    /// The body of subscribing: `PushSubscription.toJSON()`, with what to tell.
    struct SubscribeForm: DescribedInput {
        struct Keys: Decodable {
            let p256dh: String
            let auth: String
        }

        let endpoint: String
        let keys: Keys
        let notify: [String]?
        let dailyHour: Int?

        static var fieldDescriptions: [String: String] {
            [
                "endpoint": "the push service's https URL",
                "keys": "the subscription's keys: p256dh and auth",
                "p256dh": "the browser's P-256 public key in base64url", "auth": "16 bytes in base64url",
                "notify": "a list of yourTurn, roomStarted and daily",
                "dailyHour": "an hour of the day in UTC, 0 to 23",
            ]
        }
    }

    /// The body of removing a subscription.
    struct UnsubscribeForm: DescribedInput {
        let endpoint: String

        static var fieldDescriptions: [String: String] { ["endpoint": "the subscription's endpoint"] }
    }

    /// What subscribing answers: the subscription as kept.
    struct Subscribed: Encodable {
        let endpoint: String
        let notify: [PushNoticeKind]
        let dailyHour: Int?
    }

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(PushRoute.Template.key, notingIn: routes) { [key] _, _ in
            try PageRenderer.json(PublicKey(publicKey: key.publicKey))
        }
        group.on(PushRoute.Template.subscriptions, notingIn: routes, use: subscribe)
        group.on(PushRoute.Removal.subscriptions, notingIn: routes, use: unsubscribe)
    }

    @Sendable func subscribe(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(SubscribeForm.self, from: request, context: context)
        let subscription = try await checked(form)
        try await database.savePushSubscription(
            subscription, device: context.requireDevice(),
            named: DeviceName(userAgent: request.headers[.userAgent]),
            of: context.requirePlayer(), at: now())
        return try PageRenderer.json(
            Subscribed(
                endpoint: subscription.endpoint.url.absoluteString, notify: subscription.notify,
                dailyHour: subscription.dailyHour),
            status: .created)
    }

    @Sendable func unsubscribe(_ request: Request, context: CardTableRequestContext) async throws -> Response
    {
        let form = try await RequestInput.decode(UnsubscribeForm.self, from: request, context: context)
        guard try await database.deletePushSubscription(form.endpoint, of: context.requirePlayer()) else {
            throw AppError.notFound("You have no subscription with that endpoint.")
        }
        return Response(status: .noContent)
    }

    /// The subscription `form` asks for, every field checked; its endpoint's host must resolve to
    /// public addresses only.
    func checked(_ form: SubscribeForm) async throws -> PushSubscription {
        let endpoint: PushEndpoint
        do {
            endpoint = try PushEndpoint(form.endpoint, allowsLocal: allowsLocalEndpoints)
            _ = try await endpoint.checkedAddress(using: resolver)
        } catch {
            throw AppError.badRequest(error.description)
        }
        guard let point = Base64URL.decode(form.keys.p256dh), let secret = Base64URL.decode(form.keys.auth)
        else {
            throw AppError.badRequest("keys.p256dh and keys.auth must be base64url.")
        }
        guard let keys = PushSubscriptionKeys(p256dh: point, auth: secret) else {
            throw AppError.badRequest(
                secret.count == 16
                    ? "keys.p256dh must be the browser's P-256 public key: 65 bytes, uncompressed."
                    : "keys.auth must be 16 bytes.")
        }
        var notify: [PushNoticeKind] = PushNoticeKind.standard
        if let names = form.notify {
            notify = try names.map { name in
                guard let kind = PushNoticeKind(rawValue: name) else {
                    throw AppError.badRequest("notify must list yourTurn, roomStarted or daily, not \(name).")
                }
                return kind
            }
            // NB: each kind once, in the order they are listed here.
            notify = PushNoticeKind.allCases.filter(notify.contains)
            guard !notify.isEmpty else {
                throw AppError.badRequest("notify must name at least one of yourTurn, roomStarted and daily.")
            }
        }
        if let hour = form.dailyHour, !(0...23).contains(hour) {
            throw AppError.badRequest("dailyHour must be an hour of the day in UTC, 0 to 23.")
        }
        return PushSubscription(endpoint: endpoint, keys: keys, notify: notify, dailyHour: form.dailyHour)
    }
}
