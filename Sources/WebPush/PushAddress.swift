import Foundation

/// An IP address a push endpoint's host resolved to, and whether CardTable may send there: only
/// to public unicast addresses, never to a private, loopback, link-local, shared, reserved,
/// documentation or multicast one (a subscription names any URL it likes, so sending anywhere
/// else would let a player make the server reach into its own network).
public enum PushAddress: Hashable, Sendable, CustomStringConvertible {
    case v4(UInt8, UInt8, UInt8, UInt8)
    /// Sixteen bytes.
    case v6([UInt8])

    /// The address written as an IP literal (`10.0.0.1`, `::1` as its 16 bytes read back), or nil.
    public init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(v4: v4)
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            self.init(v6: v6)
        } else {
            return nil
        }
    }

    init(v4 address: in_addr) {
        let bytes = withUnsafeBytes(of: address.s_addr) { Array($0) }
        self = .v4(bytes[0], bytes[1], bytes[2], bytes[3])
    }

    init(v6 address: in6_addr) {
        self = .v6(withUnsafeBytes(of: address) { Array($0) })
    }

    /// Whether the address is a loopback one (127.0.0.0/8, ::1): what tests' push services listen on.
    public var isLoopback: Bool {
        switch self {
        case .v4(let first, _, _, _): first == 127
        case .v6(let bytes): bytes == Array(repeating: 0, count: 15) + [1] || embeddedV4?.isLoopback == true
        }
    }

    /// Whether the address is public unicast: on the internet, and one host.
    public var isPublic: Bool {
        switch self {
        case .v4(let a, let b, let c, _):
            return switch (a, b, c) {
            // "This network", private, loopback, link-local, multicast and reserved.
            case (0, _, _), (10, _, _), (127, _, _), (169, 254, _), (192, 168, _), (224...255, _, _): false
            // Shared (carrier NAT), private, benchmarking.
            case (100, 64...127, _), (172, 16...31, _), (198, 18...19, _): false
            // Protocol assignments, documentation, the old 6to4 relay.
            case (192, 0, 0), (192, 0, 2), (198, 51, 100), (203, 0, 113), (192, 88, 99): false
            default: true
            }
        case .v6(let bytes):
            if let embedded = embeddedV4 { return embedded.isPublic }
            // NB: global unicast is 2000::/3, less 2001::/23 (protocol assignments, Teredo among them),
            // 2001:db8::/32 (documentation) and 2002::/16 (6to4, a v4 address in disguise).
            guard bytes[0] & 0xE0 == 0x20 else { return false }
            if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] < 0x02 { return false }
            if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0D, bytes[3] == 0xB8 { return false }
            return !(bytes[0] == 0x20 && bytes[1] == 0x02)
        }
    }

    /// The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`)
    /// one.
    var embeddedV4: PushAddress? {
        guard case .v6(let bytes) = self else { return nil }
        let mapped = Array(repeating: UInt8(0), count: 10) + [0xFF, 0xFF]
        let nat64: [UInt8] = [0, 0x64, 0xFF, 0x9B] + Array(repeating: 0, count: 8)
        guard bytes.prefix(12).elementsEqual(mapped) || bytes.prefix(12).elementsEqual(nat64) else {
            return nil
        }
        return .v4(bytes[12], bytes[13], bytes[14], bytes[15])
    }

    public var description: String {
        switch self {
        case .v4(let a, let b, let c, let d): return "\(a).\(b).\(c).\(d)"
        case .v6(let bytes):
            return stride(from: 0, to: 16, by: 2).map {
                String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
            }
            .joined(separator: ":")
        }
    }
}
