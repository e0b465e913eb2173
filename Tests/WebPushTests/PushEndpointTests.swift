import Foundation
import Synchronization
import Testing

@testable import WebPush

/// Where a push may go: an https URL whose host resolves to public addresses only; plain http and
/// loopback only for tests' local push services.
@Suite struct PushEndpointTests {
    /// A resolver that answers from a table.
    struct TableResolver: PushHostResolver {
        let table: [String: [String]]

        func addresses(of host: String) async throws -> [PushAddress] {
            guard let addresses = table[host] else { throw SystemPushHostResolver.Failure(code: -2) }
            return addresses.compactMap(PushAddress.init)
        }
    }

    static let resolver = TableResolver(table: [
        "push.example.net": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
        "intranet.example": ["10.1.2.3"],
        "sneaky.example": ["93.184.216.34", "192.168.0.10"],
        "localhost": ["127.0.0.1", "::1"],
        "127.0.0.1": ["127.0.0.1"],
        "::1": ["::1"],
    ])

    @Test(arguments: [
        ("8.8.8.8", true), ("93.184.216.34", true), ("1.1.1.1", true), ("100.63.255.255", true),
        ("0.0.0.0", false), ("10.0.0.1", false), ("10.255.255.255", false), ("127.0.0.1", false),
        ("127.8.9.10", false), ("169.254.169.254", false), ("172.16.0.1", false), ("172.31.255.255", false),
        ("172.32.0.1", true), ("192.168.1.1", false), ("100.64.0.1", false), ("100.127.255.255", false),
        ("192.0.0.8", false), ("192.0.2.1", false), ("198.18.0.1", false), ("198.19.255.255", false),
        ("198.51.100.7", false), ("203.0.113.9", false), ("224.0.0.1", false), ("239.255.255.250", false),
        ("240.0.0.1", false), ("255.255.255.255", false),
        ("2606:4700:4700::1111", true), ("2a00:1450:4001:80b::200e", true), ("::", false), ("::1", false),
        ("fe80::1", false), ("fc00::1", false), ("fd12:3456::1", false), ("ff02::1", false),
        ("2001:db8::1", false), ("2001::1", false), ("2001:1ff::1", false), ("2002:c0a8:101::1", false),
        ("::ffff:10.0.0.1", false), ("::ffff:8.8.8.8", true), ("64:ff9b::a00:1", false),
        ("64:ff9b::808:808", true),
        ("fec0::1", false), ("100::1", false),
    ])
    func anAddressIsPublicOnlyWhenItIsOnTheInternet(text: String, isPublic: Bool) throws {
        let address = try #require(PushAddress(text))
        #expect(address.isPublic == isPublic, "\(text)")
    }

    @Test func loopbackIsLoopbackInEitherFamily() throws {
        for text in ["127.0.0.1", "127.255.0.1", "::1", "::ffff:127.0.0.1"] {
            #expect(try #require(PushAddress(text)).isLoopback, "\(text)")
        }
        for text in ["128.0.0.1", "::2", "10.0.0.1"] {
            #expect(try !#require(PushAddress(text)).isLoopback, "\(text)")
        }
        #expect(PushAddress("push.example.net") == nil)
    }

    @Test func anEndpointMustBeHTTPSOnAPublicHost() async throws {
        let endpoint = try PushEndpoint("https://push.example.net/send/abc")
        #expect(endpoint.port == 443 && endpoint.usesTLS)
        #expect(try await endpoint.checkedAddress(using: Self.resolver) == PushAddress("93.184.216.34"))
        #expect(throws: PushEndpointRefusal.notHTTPS) { try PushEndpoint("http://push.example.net/send") }
        #expect(throws: PushEndpointRefusal.notHTTPS) { try PushEndpoint("ftp://push.example.net/send") }
        #expect(throws: PushEndpointRefusal.notAURL) { try PushEndpoint("push.example.net") }
        #expect(throws: PushEndpointRefusal.notAURL) { try PushEndpoint("https://user:pw@push.example.net/") }
        #expect(throws: PushEndpointRefusal.tooLong) {
            try PushEndpoint("https://push.example.net/" + String(repeating: "a", count: 2048))
        }
        for host in ["intranet.example", "sneaky.example", "localhost", "127.0.0.1", "[::1]"] {
            let endpoint = try PushEndpoint("https://\(host)/send")
            await #expect(throws: PushEndpointRefusal.self, "\(host)") {
                try await endpoint.checkedAddress(using: Self.resolver)
            }
        }
        let unknown = try PushEndpoint("https://nowhere.example/send")
        await #expect(throws: PushEndpointRefusal.unresolvable(host: "nowhere.example")) {
            try await unknown.checkedAddress(using: Self.resolver)
        }
    }

    @Test func allowingLocalOnesLetsPlainHTTPReachLoopbackOnly() async throws {
        let local = try PushEndpoint("http://127.0.0.1:9999/push/1", allowsLocal: true)
        #expect(!local.usesTLS && local.port == 9999)
        #expect(try await local.checkedAddress(using: Self.resolver) == PushAddress("127.0.0.1"))
        let v6 = try PushEndpoint("http://[::1]:9999/push/1", allowsLocal: true)
        #expect(try await v6.checkedAddress(using: Self.resolver) == PushAddress("::1"))
        // Plain http anywhere else is refused for being plain http, private or public.
        let intranet = try PushEndpoint("http://intranet.example/push", allowsLocal: true)
        await #expect(throws: PushEndpointRefusal.notHTTPS) {
            try await intranet.checkedAddress(using: Self.resolver)
        }
        let plain = try PushEndpoint("http://push.example.net/push", allowsLocal: true)
        await #expect(throws: PushEndpointRefusal.notHTTPS) {
            try await plain.checkedAddress(using: Self.resolver)
        }
    }

    @Test func aLookupThatHangsIsGivenUpAfterItsTimeoutAndAtMostFourWaitAtOnce() async throws {
        // NB: each lookup hangs until the test ends; an error, not its answer, says the deadline
        // came first.
        let started = Mutex(0)
        let release = DispatchSemaphore(value: 0)
        let resolver = SystemPushHostResolver(timeout: .milliseconds(100)) { _ in
            started.withLock { $0 += 1 }
            release.wait()
            return [PushAddress("93.184.216.34")!]
        }
        defer { for _ in 0..<4 { release.signal() } }
        await #expect(throws: SystemPushHostResolver.Failure.self) {
            try await resolver.addresses(of: "slow.example")
        }
        let endpoint = try PushEndpoint("https://slow.example/push")
        await #expect(throws: PushEndpointRefusal.unresolvable(host: "slow.example")) {
            try await endpoint.checkedAddress(using: resolver)
        }
        // Two more may start while those two hang; the fifth starts no lookup at all.
        for _ in 0..<3 {
            await #expect(throws: SystemPushHostResolver.Failure.self) {
                try await resolver.addresses(of: "slow.example")
            }
        }
        // NB: a lookup's thread may start after its caller gave up: wait for the fourth, then
        // none more came.
        for _ in 0..<200 where started.withLock({ $0 }) < 4 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(started.withLock { $0 } == 4)
    }

    @Test func theSystemResolverFindsLoopback() async throws {
        let addresses = try await SystemPushHostResolver().addresses(of: "127.0.0.1")
        #expect(addresses == [PushAddress("127.0.0.1")!])
    }
}
