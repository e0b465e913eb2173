import CardTableBasics
import CardTableStorage
import Foundation
import Logging
import WebPush

/// Tells players things by Web Push: each notice to every subscription of theirs that asked for
/// its kind, each notice once however many instances try (the first to note its key sends it),
/// and what a push service answers acted on: a subscription that is gone is deleted, a busy
/// service is tried again a few times, waiting longer each time.
struct PushNotifier: Sendable {
    let database: any CardTableDatabase
    let key: VAPIDKey
    let delivery: PushDelivery
    /// Whom push services may write to about this site's pushes (`mailto:` or `https:`).
    let contact: String
    /// Whether subscriptions on loopback are read (tests' push services).
    let allowsLocalEndpoints: Bool
    let logger: Logger
    let now: @Sendable () -> Date
    /// How many times a busy service is tried in all, and the first wait (doubled each time).
    var attempts = 3
    var firstWait: Duration = .seconds(1)

    /// Sends `notice` to `player`'s subscriptions that asked for its kind, unless a notice with
    /// `key` was sent already (by any instance).
    /// - Returns: How many pushes were delivered.
    @discardableResult
    func notify(_ player: PlayerID, _ notice: PushNotice, once key: String) async -> Int {
        do {
            // NB: a player who asked for none of these costs one read, and notes nothing.
            let subscriptions = try await database.pushSubscriptions(
                of: player, asking: notice.kind, allowingLocal: allowsLocalEndpoints)
            guard !subscriptions.isEmpty, try await database.notePushSent(key, at: now()) else { return 0 }
            let payload = try JSONEncoder().encode(notice)
            var delivered = 0
            for subscription in subscriptions where await send(payload, notice, to: subscription) {
                delivered += 1
            }
            return delivered
        } catch {
            logger.error(
                "A notification could not be sent", metadata: ["key": "\(key)", "error": "\(error)"])
            return 0
        }
    }

    /// Sends one push, trying a busy service again; deletes a subscription that is gone.
    private func send(_ payload: Data, _ notice: PushNotice, to subscription: PushSubscription) async -> Bool
    {
        var wait = firstWait
        for attempt in 1...attempts {
            do {
                let body = try PushMessageEncryption.encrypt(payload, for: subscription.keys)
                let authorization = try key.authorization(
                    for: subscription.endpoint.url, contact: contact,
                    expiresAt: now().addingTimeInterval(12 * 60 * 60))
                switch try await delivery.send(
                    body, to: subscription.endpoint, authorization: authorization, ttl: notice.timeToLive)
                {
                case .delivered:
                    return true
                case .gone:
                    _ = try await database.deletePushSubscription(
                        at: subscription.endpoint.url.absoluteString)
                    return false
                case .refused(let status):
                    logger.warning(
                        "A push service refused a notification",
                        metadata: ["status": "\(status)", "host": "\(subscription.endpoint.host)"])
                    return false
                case .tryLater(let seconds):
                    guard attempt < attempts else { return false }
                    // NB: what the service asked for, but never more than a minute.
                    try await Task.sleep(for: seconds.map { .seconds(min($0, 60)) } ?? wait)
                    wait *= 2
                }
            } catch {
                logger.warning(
                    "A notification could not reach its push service",
                    metadata: ["host": "\(subscription.endpoint.host)", "error": "\(error)"])
                return false
            }
        }
        return false
    }
}

extension CardTableDatabase {
    /// Notes that the notice with `key` is being sent: false when it was noted already.
    func notePushSent(_ key: String, at now: Date) async throws -> Bool {
        try await write { transaction in
            try transaction.execute(
                "INSERT INTO push_sent (key, sent_at) VALUES (\(key), \(now)) ON CONFLICT (key) DO NOTHING")
                > 0
        }
    }

    /// Deletes the subscription at `endpoint`, whoever's it is: its push service says it is gone.
    func deletePushSubscription(at endpoint: String) async throws -> Bool {
        try await write { try $0.execute("DELETE FROM push_subscription WHERE endpoint = \(endpoint)") > 0 }
    }
}
