import Foundation
import Logging
import PushTestSupport
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb
@testable import WebPush

/// Sending notifications, on SQLite and (with a test cluster) on PostgreSQL, to a push service on
/// loopback that reads what it gets as a browser would: a notice reaches each subscription that
/// asked for its kind, once however many instances send it, signed with the site's key; a
/// subscription the service says is gone is deleted; a busy service is tried again.
@Suite struct PushNotifierTests {
    let key = VAPIDKey()
    let notice = PushNotice(
        kind: .roomStarted, title: "Room K7Q-X4P started", body: "Ana started the game.",
        url: "/rooms/K7QX4P",
        tag: "room-K7QX4P")

    func notifier(_ database: any CardTableDatabase) throws -> PushNotifier {
        PushNotifier(
            database: database, key: key, delivery: try PushDelivery(timeout: .seconds(5)),
            contact: "mailto:admin@example.org", allowsLocalEndpoints: true, logger: Logger(label: "test"),
            now: { Date() }, firstWait: .milliseconds(20))
    }

    /// A subscription of `player` at `service`, asking for `notify`.
    func subscribe(
        _ player: PlayerID, at service: TestPushService, path: String = "/push/1", receiver: PushReceiver,
        notify: [PushNoticeKind] = PushNoticeKind.standard, in database: any CardTableDatabase
    ) async throws {
        try await database.savePushSubscription(
            PushSubscription(
                endpoint: try PushEndpoint(service.endpoint(path), allowsLocal: true), keys: receiver.keys,
                notify: notify, dailyHour: nil),
            device: .random(), named: DeviceName(userAgent: nil), of: player, at: Date())
    }

    @Test(arguments: TestStores.available)
    func aNoticeReachesEachSubscriptionThatAskedForItOnce(store kind: TestStores.Kind) async throws {
        let service = try await TestPushService()
        let (ana, phone, laptop) = (PlayerID.random(), PushReceiver(), PushReceiver())
        try await TestStores.withInstances(kind, count: 1) { instances in
            let database = instances[0].database
            try await subscribe(ana, at: service, path: "/push/phone", receiver: phone, in: database)
            try await subscribe(
                ana, at: service, path: "/push/laptop", receiver: laptop, notify: [.daily], in: database)
            #expect(try await notifier(database).notify(ana, notice, once: "roomStarted:K7QX4P:1") == 1)
            #expect(try await notifier(database).notify(ana, notice, once: "roomStarted:K7QX4P:1") == 0)
            let received = service.received
            #expect(received.map(\.head.uri) == ["/push/phone"])
            let request = try #require(received.first)
            let read = try JSONDecoder().decode(PushNotice.self, from: try phone.open(request.body))
            #expect(read == notice)
            #expect(request.head.headers["TTL"] == ["3600"])
            let claims = try PushReceiver.claims(
                ofAuthorization: try #require(request.head.headers["Authorization"].first),
                signedBy: key.publicKey)
            #expect(claims["sub"] as? String == "mailto:admin@example.org")
        }
        try await service.stop()
    }

    @Test(arguments: TestStores.available)
    func severalInstancesSendingTheSameNoticeSendItOnce(store kind: TestStores.Kind) async throws {
        let service = try await TestPushService()
        let (ana, phone) = (PlayerID.random(), PushReceiver())
        try await TestStores.withInstances(kind, count: 4) { instances in
            try await subscribe(ana, at: service, receiver: phone, in: instances[0].database)
            let notifiers = try instances.map { try notifier($0.database) }
            let delivered = await withTaskGroup(of: Int.self) { group in
                for notifier in notifiers {
                    group.addTask { [notice] in
                        await notifier.notify(ana, notice, once: "roomStarted:K7QX4P:2")
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(delivered == 1)
            #expect(service.received.count == 1)
        }
        try await service.stop()
    }

    @Test func aSubscriptionTheServiceSaysIsGoneIsDeletedAndABusyServiceIsTriedAgain() async throws {
        let gone = try await TestPushService(answers: [.status(.gone)])
        let busy = try await TestPushService(answers: [
            .status(.serviceUnavailable), .status(.tooManyRequests, headers: [("Retry-After", "0")]),
            .status(.created),
        ])
        let (ana, bo) = (PlayerID.random(), PlayerID.random())
        try await TestStores.withInstances(.sqlite, count: 1) { instances in
            let database = instances[0].database
            try await subscribe(ana, at: gone, receiver: PushReceiver(), in: database)
            try await subscribe(bo, at: busy, receiver: PushReceiver(), in: database)
            #expect(try await notifier(database).notify(ana, notice, once: "a") == 0)
            #expect(try await instances[0].count("SELECT count(*) FROM push_subscription") == 1)
            #expect(try await notifier(database).notify(bo, notice, once: "b") == 1)
            #expect(busy.received.count == 3)
        }
        try await gone.stop()
        try await busy.stop()
    }
}
