import Crypto
import Foundation
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableWeb
@testable import WebPush

/// Keeping a browser's push subscription: what it must be (an https endpoint on a public address,
/// a browser's keys, kinds CardTable knows), replacing one under the same endpoint, removing it,
/// and its going with a forgotten device or moving with a merged player.
@Suite struct PushSubscriptionHTTPTests {
    static let local: WebConfiguration = {
        var configuration = WebConfiguration()
        configuration.allowsLocalPushEndpoints = true
        return configuration
    }()

    static func body(
        endpoint: String = "http://127.0.0.1:9/push/1", p256dh: String? = nil,
        auth: String = "AAECAwQFBgcICQoLDA0ODw",
        extra: String = ""
    ) -> String {
        let point = p256dh ?? Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        return #"{"endpoint": "\#(endpoint)", "keys": {"p256dh": "\#(point)", "auth": "\#(auth)"}\#(extra)}"#
    }

    func rows(_ session: TestSession) async throws -> [(endpoint: String, player: String, notify: String)] {
        try await session.store.read { transaction in
            try transaction.rows(
                "SELECT endpoint, player_id, notify FROM push_subscription ORDER BY endpoint"
            ) {
                row -> (endpoint: String, player: String, notify: String) in
                (try row("endpoint"), try row("player_id"), try row("notify"))
            }
        }
    }

    @Test func aSubscriptionIsKeptAndASecondUnderTheSameEndpointReplacesIt() async throws {
        try await withTestApp(configuration: Self.local) { session in
            let ana = try await session.newPlayer()
            var answer = try await ana.postJSON("/push/subscriptions", body: Self.body())
            #expect(answer.status == .created)
            #expect(
                answer.text
                    == #"{"endpoint":"http://127.0.0.1:9/push/1","notify":["yourTurn","roomStarted"]}"#)
            answer = try await ana.postJSON(
                "/push/subscriptions",
                body: Self.body(extra: #", "notify": ["daily", "yourTurn", "daily"], "dailyHour": 7"#))
            #expect(
                answer.text
                    == #"{"endpoint":"http://127.0.0.1:9/push/1","notify":["yourTurn","daily"],"dailyHour":7}"#
            )
            let kept = try await rows(session)
            #expect(
                kept.count == 1 && kept[0].player == ana.player.rawValue && kept[0].notify == "yourTurn,daily"
            )
            #expect(
                try await session.store.pushSubscriptions(of: ana.player, asking: .daily, allowingLocal: true)
                    .count == 1)
            #expect(
                try await session.store.pushSubscriptions(
                    of: ana.player, asking: .roomStarted, allowingLocal: true
                )
                .isEmpty)
            // Read where local endpoints are not allowed, it is left out but kept.
            #expect(try await session.store.pushSubscriptions(of: ana.player, asking: .daily).isEmpty)
            #expect(try await rows(session).count == 1)
            // Removed, it is gone; removed again, there is none.
            var removal = try await ana.deleteJSON(
                "/push/subscriptions", body: #"{"endpoint": "http://127.0.0.1:9/push/1"}"#)
            #expect(removal.status == .noContent, "\(removal.text)")
            removal = try await ana.deleteJSON(
                "/push/subscriptions", body: #"{"endpoint": "http://127.0.0.1:9/push/1"}"#)
            #expect(removal.status == .notFound)
            #expect(try await rows(session).isEmpty)
        }
    }

    @Test(arguments: [
        ("http://push.example.net/send", "endpoint must be an https URL."),
        ("https://10.1.2.3/send", "endpoint's host 10.1.2.3 is at 10.1.2.3, which is not a public address"),
        (
            "https://127.0.0.1/send",
            "endpoint's host 127.0.0.1 is at 127.0.0.1, which is not a public address"
        ),
        ("https://[::1]/send", "endpoint's host ::1 is at "),
        ("https://169.254.169.254/latest", "which is not a public address"),
        ("not a url", "endpoint must be the URL of a push service."),
    ])
    func anEndpointThatIsNotAPublicHTTPSOneIsRefused(endpoint: String, message: String) async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let answer = try await ana.postJSON("/push/subscriptions", body: Self.body(endpoint: endpoint))
            #expect(answer.status == .badRequest)
            #expect(try answer.decode(ErrorJSON.self).error.message.contains(message), "\(answer.text)")
            #expect(try await rows(session).isEmpty)
        }
    }

    @Test func withoutTheTestFlagEvenLoopbackHTTPIsRefused() async throws {
        try await withTestApp { session in
            let answer = try await session.newPlayer().postJSON("/push/subscriptions", body: Self.body())
            #expect(answer.status == .badRequest)
            #expect(try answer.decode(ErrorJSON.self).error.message == "endpoint must be an https URL.")
        }
    }

    @Test func keysKindsAndHoursThatAreNoneAreRefusedByName() async throws {
        try await withTestApp(configuration: Self.local) { session in
            let ana = try await session.newPlayer()
            let cases: [(String, String)] = [
                (Self.body(auth: "AAEC"), "keys.auth must be 16 bytes."),
                (
                    Self.body(p256dh: "BAAA"),
                    "keys.p256dh must be the browser's P-256 public key: 65 bytes, uncompressed."
                ),
                (Self.body(auth: "a+b/"), "keys.p256dh and keys.auth must be base64url."),
                (
                    Self.body(extra: #", "notify": ["sms"]"#),
                    "notify must list yourTurn, roomStarted or daily, not sms."
                ),
                (
                    Self.body(extra: #", "notify": []"#),
                    "notify must name at least one of yourTurn, roomStarted and daily."
                ),
                (
                    Self.body(extra: #", "dailyHour": 24"#),
                    "dailyHour must be an hour of the day in UTC, 0 to 23."
                ),
                (#"{"endpoint": "http://127.0.0.1:9/push/1"}"#, "keys"),
            ]
            for (body, message) in cases {
                let answer = try await ana.postJSON("/push/subscriptions", body: body)
                #expect(answer.status == .badRequest, "\(body)")
                #expect(try answer.decode(ErrorJSON.self).error.message.contains(message), "\(answer.text)")
            }
            // A 3 MB body is refused before it is read.
            let huge = Self.body(extra: #", "padding": ""# + String(repeating: "x", count: 3_000_000) + #"""#)
            #expect(try await ana.postJSON("/push/subscriptions", body: huge).status == .contentTooLarge)
            #expect(try await rows(session).isEmpty)
        }
    }

    @Test func nobodyRemovesAnotherPlayersSubscription() async throws {
        try await withTestApp(configuration: Self.local) { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            _ = try await ana.postJSON("/push/subscriptions", body: Self.body())
            let removal = try await bo.deleteJSON(
                "/push/subscriptions", body: #"{"endpoint": "http://127.0.0.1:9/push/1"}"#)
            #expect(removal.status == .notFound)
            #expect(try await rows(session).count == 1)
        }
    }

    @Test func aForgottenDeviceLosesItsSubscriptionsAndAMergeMovesThem() async throws {
        try await withTestApp(configuration: Self.local) { session in
            let ana = try await session.newPlayer()
            let phone = try await session.newPlayer()
            _ = try await phone.postJSON(
                "/push/subscriptions", body: Self.body(endpoint: "http://127.0.0.1:9/push/phone"))
            // The phone links to Ana: its subscription is hers now.
            let code = try await DevicesHTTPTests.newCode(ana).code
            let linked = try phone.adopting(try await DevicesHTTPTests.link(phone, code: code))
            #expect(try await rows(session).map(\.player) == [ana.player.rawValue])
            // Ana signs the phone out: its subscription goes.
            let device = try await session.store.read { transaction in
                try transaction.rows("SELECT device_id FROM push_subscription") {
                    try $0("device_id") as String
                }
            }
            let answer = try await ana.postJSON("/devices/\(device[0])/forget", body: "{}")
            #expect(answer.status == .noContent)
            #expect(try await rows(session).isEmpty)
            _ = linked
        }
    }
}
