import Foundation
import NIOCore
import PushTestSupport
import Testing

@testable import WebPush

/// Sending a push to a test push service on loopback: the request RFC 8030 and 8292 ask for (its
/// VAPID token checked, its body read with the subscription's private key), and what each answer
/// means; a redirect is not followed, a silent service times out, and nothing goes to an address
/// that is not allowed.
@Suite struct PushDeliveryTests {
    let key = VAPIDKey()
    let receiver = PushReceiver()

    func send(to service: TestPushService, timeout: TimeAmount = .seconds(5)) async throws -> PushOutcome {
        let endpoint = try PushEndpoint(service.endpoint("/push/abc?x=1"), allowsLocal: true)
        let body = try PushMessageEncryption.encrypt(Data(#"{"title":"Your turn"}"#.utf8), for: receiver.keys)
        let authorization = try key.authorization(
            for: endpoint.url, contact: "mailto:admin@example.org", expiresAt: Date().addingTimeInterval(3600)
        )
        return try await PushDelivery(timeout: timeout).send(
            body, to: endpoint, authorization: authorization, ttl: 600)
    }

    @Test func aPushIsAnEncryptedPostSignedByTheServersKey() async throws {
        let service = try await TestPushService()
        #expect(try await send(to: service) == .delivered)
        let request = try #require(service.received.first)
        #expect(request.head.method == .POST && request.head.uri == "/push/abc?x=1")
        let headers = request.head.headers
        #expect(headers["Host"] == ["127.0.0.1:\(service.port)"])
        #expect(headers["TTL"] == ["600"] && headers["Urgency"] == ["normal"])
        #expect(headers["Content-Encoding"] == ["aes128gcm"])
        let claims = try PushReceiver.claims(
            ofAuthorization: try #require(headers["Authorization"].first), signedBy: key.publicKey)
        #expect(claims["aud"] as? String == "http://127.0.0.1:\(service.port)")
        #expect(String(decoding: try receiver.open(request.body), as: UTF8.self) == #"{"title":"Your turn"}"#)
        try await service.stop()
    }

    @Test func eachAnswerSaysWhatBecomesOfTheSubscription() async throws {
        let service = try await TestPushService(answers: [
            .status(.ok), .status(.notFound), .status(.gone),
            .status(.tooManyRequests, headers: [("Retry-After", "30")]),
            .status(.serviceUnavailable), .status(.badRequest), .status(.payloadTooLarge),
            .status(.movedPermanently, headers: [("Location", "http://127.0.0.1:1/elsewhere")]),
        ])
        var outcomes: [PushOutcome] = []
        for _ in 0..<8 { outcomes.append(try await send(to: service)) }
        #expect(
            outcomes == [
                .delivered, .gone, .gone, .tryLater(afterSeconds: 30), .tryLater(afterSeconds: nil),
                .refused(status: 400), .refused(status: 413), .refused(status: 301),
            ])
        // The redirect was not followed: the service got each request, and nothing else was tried.
        #expect(service.received.count == 8)
        try await service.stop()
    }

    @Test func aServiceThatDoesNotAnswerTimesOut() async throws {
        let service = try await TestPushService(answers: [.silence])
        await #expect(throws: PushTimeout.self) { try await send(to: service, timeout: .milliseconds(300)) }
        try await service.stop()
    }

    @Test func aServiceThatIsNotThereIsAnError() async throws {
        let service = try await TestPushService()
        let port = service.port
        try await service.stop()
        let endpoint = try PushEndpoint("http://127.0.0.1:\(port)/push", allowsLocal: true)
        await #expect(throws: (any Error).self) {
            try await PushDelivery().send(Data(), to: endpoint, authorization: "", ttl: 60)
        }
    }

    @Test func nothingIsSentToAnAddressThatIsNotAllowed() async throws {
        let service = try await TestPushService()
        // Without allowing local ones, the same endpoint is refused before anything is sent.
        #expect(throws: PushEndpointRefusal.notHTTPS) { try PushEndpoint(service.endpoint()) }
        let https = try PushEndpoint("https://127.0.0.1:\(service.port)/push")
        await #expect(throws: PushEndpointRefusal.notPublic(host: "127.0.0.1", address: "127.0.0.1")) {
            try await PushDelivery().send(Data(), to: https, authorization: "", ttl: 60)
        }
        #expect(service.received.isEmpty)
        try await service.stop()
    }
}
