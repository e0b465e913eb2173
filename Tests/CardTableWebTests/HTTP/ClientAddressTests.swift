import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// Who a request counts as, for limits per client: the connection's address, or what a trusted
/// proxy says in `X-Forwarded-For`; IPv6 by its /64 network.
@Suite struct ClientAddressTests {
    private func client(
        from peer: String?, forwardedFor: [String] = [], trusting proxies: TrustedProxies = TrustedProxies()
    ) throws -> String {
        var fields = HTTPFields()
        for value in forwardedFor { fields.append(HTTPField(name: ClientAddress.forwardedFor, value: value)) }
        let request = Request(
            head: HTTPRequest(
                method: .get, scheme: "http", authority: "cardtable", path: "/", headerFields: fields),
            body: .init(buffer: ByteBuffer()))
        let address = try peer.map { try SocketAddress(ipAddress: $0, port: 40_000) }
        return ClientAddress(request, peer: address, trusting: proxies).key
    }

    @Test func aClientThatIsNoProxyIsItsOwnAddressWhateverItSays() throws {
        #expect(try client(from: "203.0.113.7") == "203.0.113.7")
        #expect(try client(from: "203.0.113.7", forwardedFor: ["198.51.100.1"]) == "203.0.113.7")
    }

    /// nginx on this machine appends the address it served to what the client sent.
    @Test func aProxyOnThisMachineIsBelievedForTheAddressItAdded() throws {
        #expect(try client(from: "127.0.0.1") == "127.0.0.1")
        #expect(try client(from: "127.0.0.1", forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        #expect(try client(from: "::1", forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        #expect(try client(from: "127.0.0.1", forwardedFor: ["6.6.6.6, 198.51.100.1"]) == "198.51.100.1")
        #expect(try client(from: "127.0.0.1", forwardedFor: ["6.6.6.6", "198.51.100.1"]) == "198.51.100.1")
        // What cannot be read is not believed.
        #expect(try client(from: "127.0.0.1", forwardedFor: ["6.6.6.6, nonsense"]) == "127.0.0.1")
        #expect(try client(from: "127.0.0.1", forwardedFor: ["198.51.100.1:4000"]) == "127.0.0.1")
    }

    @Test func proxiesItIsToldOfAreBelievedAndSkipped() throws {
        let proxies = try TrustedProxies(["10.0.0.2", "10.0.0.3"])
        #expect(
            try client(from: "10.0.0.2", forwardedFor: ["198.51.100.1"], trusting: proxies) == "198.51.100.1")
        #expect(
            try client(from: "10.0.0.2", forwardedFor: ["6.6.6.6, 198.51.100.1, 10.0.0.3"], trusting: proxies)
                == "198.51.100.1")
        #expect(try client(from: "10.0.0.9", forwardedFor: ["198.51.100.1"], trusting: proxies) == "10.0.0.9")
        #expect(try client(from: "10.0.0.2", forwardedFor: ["198.51.100.1"]) == "10.0.0.2")
    }

    @Test func ipv6CountsByItsNetworkAndMappedIPv4AsIPv4() throws {
        #expect(try client(from: "2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64")
        #expect(try client(from: "2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64")
        #expect(try client(from: "2001:db8:1:3::1") == "2001:db8:1:3::/64")
        #expect(try client(from: "::ffff:198.51.100.1") == "198.51.100.1")
        #expect(try client(from: "127.0.0.1", forwardedFor: ["2001:db8::7"]) == "2001:db8:0:0::/64")
    }

    @Test func aConnectionWithoutAnAddressIsUnknown() throws {
        #expect(try client(from: nil, forwardedFor: ["198.51.100.1"]) == "unknown")
    }

    @Test func aTrustedProxyMustBeAnAddress() throws {
        #expect(throws: TrustedProxies.NotAnAddress(text: "nginx.local")) {
            try TrustedProxies(["10.0.0.2", "nginx.local"])
        }
        #expect(try TrustedProxies(["fd00::2"]) == TrustedProxies(["fd00:0::2"]))
    }
}
