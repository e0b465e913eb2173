import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Who sent a request, as far as limits per sender go: the IP address the connection came from,
/// or, when that is a proxy this server trusts (nginx in front of it), the address the proxy
/// says it served, the last one in `X-Forwarded-For` that is not itself a trusted proxy. IPv6
/// addresses count by their /64 network, what one subscriber is given.
package struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// An IPv4 address (`203.0.113.7`), an IPv6 network (`2001:db8:1:2::/64`), or `unknown` for a
    /// connection without an IP address (the tests' in-process connections).
    package let key: String

    package var description: String { key }

    /// The client of a request that came on a connection from `peer`.
    package init(_ request: Request, peer: SocketAddress?, trusting proxies: TrustedProxies) {
        var client = peer
        if let peer, proxies.trusts(peer) {
            let forwarded = request.headers[values: Self.forwardedFor].joined(separator: ",")
            for entry in forwarded.split(separator: ",").reversed() {
                guard let address = TrustedProxies.address(entry.trimmingCharacters(in: .whitespaces)) else {
                    break
                }
                client = address
                if !proxies.trusts(address) { break }
            }
        }
        key = client.map(Self.key(of:)) ?? "unknown"
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// How `address` is counted: an IPv4 address as it is (also when written as IPv6), an IPv6
    /// address by its first 64 bits.
    package static func key(of address: SocketAddress) -> String {
        guard case .v6(let v6) = address else { return address.ipAddress ?? "unknown" }
        let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        if bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }
}

/// The proxies whose `X-Forwarded-For` this server believes: this machine's own loopback
/// addresses always (nginx on the same machine), and the addresses it is told
/// (`cardtable serve --trusted-proxy`). Anyone else could write anything in that header.
package struct TrustedProxies: Sendable, Equatable {
    /// The told addresses, written as NIO writes them.
    package let addresses: Set<String>

    /// Trusts loopback addresses only.
    package init() {
        addresses = []
    }

    /// Trusts loopback addresses and `addresses` (IP addresses, IPv4 or IPv6).
    /// - Throws: ``NotAnAddress`` naming the first one that is not an IP address.
    package init(_ addresses: [String]) throws(NotAnAddress) {
        var parsed: Set<String> = []
        for text in addresses {
            guard let address = Self.address(text), let written = address.ipAddress else {
                throw NotAnAddress(text: text)
            }
            parsed.insert(written)
        }
        self.addresses = parsed
    }

    /// A text that is not an IP address.
    package struct NotAnAddress: Error, Equatable, CustomStringConvertible {
        package let text: String
        package var description: String { "\(text) is not an IP address (such as 10.0.0.2 or fd00::2)." }
    }

    /// Whether a request coming from `address` is from a trusted proxy.
    func trusts(_ address: SocketAddress) -> Bool {
        if ClientAddress.key(of: address).hasPrefix("127.") || address.ipAddress == "::1" { return true }
        return address.ipAddress.map(addresses.contains) ?? false
    }

    /// The IP address `text` is, if it is one (without a port or a scope).
    package static func address(_ text: String) -> SocketAddress? {
        guard !text.isEmpty, text.utf8.count <= 45, !text.contains("%") else { return nil }
        return try? SocketAddress(ipAddress: text, port: 0)
    }
}
