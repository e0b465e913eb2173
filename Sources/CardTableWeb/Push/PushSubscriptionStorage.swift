import CardTableBasics
import CardTableStorage
import Foundation
import WebPush

extension CardTableDatabase {
    /// Keeps `subscription` for `device` of `player` (the device recorded as theirs if need be),
    /// replacing what was kept under its endpoint, whoever's it was: a browser that subscribes
    /// again gets the same endpoint, and it is only ever the browser's latest.
    func savePushSubscription(
        _ subscription: PushSubscription, device: DeviceID, named name: DeviceName, of player: PlayerID,
        at now: Date
    ) async throws {
        try await write { transaction in
            try transaction.execute(.storing(player, at: now))
            try transaction.recordDevice(device, of: player, named: name, at: now)
            try transaction.execute(
                "DELETE FROM push_subscription WHERE endpoint = \(subscription.endpoint.url.absoluteString)")
            try transaction.insert(
                AddedRow(
                    table: "push_subscription",
                    values: [
                        ("endpoint", .text(subscription.endpoint.url.absoluteString)),
                        ("device_id", .text(device.rawValue)), ("player_id", .text(player.rawValue)),
                        ("p256dh", .text(Base64URL.encode(subscription.keys.p256dh))),
                        ("auth", .text(Base64URL.encode(subscription.keys.auth))),
                        ("notify", .text(subscription.notify.map(\.rawValue).joined(separator: ","))),
                        ("daily_hour", subscription.dailyHour.map { .integer(Int64($0)) } ?? .null),
                        ("failures", .integer(0)), ("created_at", .date(now)),
                    ]))
        }
    }

    /// Deletes `player`'s subscription at `endpoint`.
    /// - Returns: Whether they had one there.
    func deletePushSubscription(_ endpoint: String, of player: PlayerID) async throws -> Bool {
        try await write { transaction in
            try transaction.execute(
                "DELETE FROM push_subscription WHERE endpoint = \(endpoint) AND player_id = \(player.rawValue)"
            ) > 0
        }
    }

    /// `player`'s subscriptions that asked for `kind` (with loopback endpoints only when
    /// `allowingLocal`); one whose keys or kinds cannot be read is moved to the quarantine and left
    /// out.
    func pushSubscriptions(of player: PlayerID, asking kind: PushNoticeKind, allowingLocal: Bool = false)
        async throws -> [PushSubscription]
    {
        try await read { transaction in
            try transaction.rows(
                """
                SELECT endpoint, p256dh, auth, notify, daily_hour FROM push_subscription
                WHERE player_id = \(player.rawValue) ORDER BY endpoint
                """,
                settingAsideFrom: "push_subscription", key: { ["endpoint": .text(try $0("endpoint"))] }
            ) { row -> PushSubscription? in
                let notify: String = try row("notify")
                let kinds = try notify.split(separator: ",").map { name in
                    guard let kind = PushNoticeKind(rawValue: String(name)) else {
                        throw UnreadableSubscription()
                    }
                    return kind
                }
                guard let keys = PushSubscriptionKeys(p256dh: try row("p256dh"), auth: try row("auth")) else {
                    throw UnreadableSubscription()
                }
                // NB: an endpoint kept while local ones were allowed is left out, not set aside, when they
                // no longer are.
                guard kinds.contains(kind),
                    let endpoint = try? PushEndpoint(try row("endpoint"), allowsLocal: allowingLocal)
                else { return nil }
                return PushSubscription(
                    endpoint: endpoint, keys: keys, notify: kinds, dailyHour: try row("daily_hour"))
            }.compactMap { $0 }
        }
    }
}

extension DatabaseTransaction {
    /// Deletes the subscriptions of `device`, which is being forgotten.
    func deletePushSubscriptions(of device: DeviceID) throws {
        try execute("DELETE FROM push_subscription WHERE device_id = \(device.rawValue)")
    }
}

/// A subscription's kinds or keys are none CardTable knows.
struct UnreadableSubscription: Error, CustomStringConvertible {
    var description: String { "A push subscription's keys or kinds are none CardTable knows." }
}
