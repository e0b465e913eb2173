import Foundation
import Synchronization

/// Where a subscription's pushes go: an `https` URL of a push service on a public address. The
/// host is resolved again before every send, and the push goes to the address checked, so a
/// name that later resolves somewhere private reaches nothing there.
public struct PushEndpoint: Hashable, Sendable {
    /// The longest endpoint kept (the push services' are under 600 characters).
    public static let maximumLength = 2048

    public let url: URL
    /// The host, without the brackets of an IPv6 literal.
    public let host: String
    public let port: Int
    /// Whether the push goes over TLS (always, but to a local test service).
    public let usesTLS: Bool
    /// Whether local (loopback) addresses and plain `http` are allowed: for tests only.
    public let allowsLocal: Bool

    /// The endpoint `text` names, checked as far as it can be without resolving its host.
    public init(_ text: String, allowsLocal: Bool = false) throws(PushEndpointRefusal) {
        guard text.utf8.count <= Self.maximumLength else { throw .tooLong }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), var host = url.host,
            !host.isEmpty, url.user == nil, url.password == nil
        else { throw .notAURL }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        switch scheme {
        case "https": usesTLS = true
        case "http" where allowsLocal: usesTLS = false
        default: throw .notHTTPS
        }
        self.url = url
        self.host = host.lowercased()
        port = url.port ?? (usesTLS ? 443 : 80)
        self.allowsLocal = allowsLocal
    }

    /// The address to send to: the first the host resolves to, when every one of them is public
    /// (or, allowing local ones, loopback).
    public func checkedAddress(using resolver: some PushHostResolver) async throws(PushEndpointRefusal)
        -> PushAddress
    {
        let addresses: [PushAddress]
        do {
            addresses = try await resolver.addresses(of: host)
        } catch {
            throw .unresolvable(host: host)
        }
        guard let first = addresses.first else { throw .unresolvable(host: host) }
        for address in addresses where !isAllowed(address) {
            // NB: plain http is refused for being plain http, wherever its host is.
            if !usesTLS, !address.isLoopback { throw .notHTTPS }
            throw .notPublic(host: host, address: address.description)
        }
        return first
    }

    /// Whether a push may go to `address`: a public one, or (allowing local ones) a loopback one;
    /// plain `http` only to loopback.
    func isAllowed(_ address: PushAddress) -> Bool {
        if allowsLocal, address.isLoopback { return true }
        return usesTLS && address.isPublic
    }
}

/// Why an endpoint is refused: each says what `endpoint` must be.
public enum PushEndpointRefusal: Error, Equatable, CustomStringConvertible {
    case notAURL
    case tooLong
    case notHTTPS
    case unresolvable(host: String)
    case notPublic(host: String, address: String)

    public var description: String {
        switch self {
        case .notAURL: "endpoint must be the URL of a push service."
        case .tooLong: "endpoint can be up to \(PushEndpoint.maximumLength) bytes long."
        case .notHTTPS: "endpoint must be an https URL."
        case .unresolvable(let host): "endpoint's host \(host) could not be found."
        case .notPublic(let host, let address):
            "endpoint's host \(host) is at \(address), which is not a public address: pushes go only to the internet."
        }
    }
}

/// What a push endpoint's host resolves to.
public protocol PushHostResolver: Sendable {
    func addresses(of host: String) async throws -> [PushAddress]
}

/// The system's resolver (`getaddrinfo`), run off the cooperative threads: at most
/// ``maximumLookups`` at once per resolver (more are refused at once, to be tried later), and an
/// answer given up after `timeout` (a lookup cannot be stopped, so it counts until it returns).
public struct SystemPushHostResolver: PushHostResolver {
    /// How many lookups of one resolver may wait on threads at once.
    static let maximumLookups = 4
    let timeout: Duration
    /// The lookup itself (`getaddrinfo`; another in tests).
    let lookup: @Sendable (String) throws -> [PushAddress]
    private let running = Running()

    public init(timeout: Duration = .seconds(5)) {
        self.init(timeout: timeout, lookup: Self.resolve)
    }

    init(timeout: Duration, lookup: @escaping @Sendable (String) throws -> [PushAddress]) {
        (self.timeout, self.lookup) = (timeout, lookup)
    }

    public func addresses(of host: String) async throws -> [PushAddress] {
        guard running.count.add(1, ordering: .relaxed).newValue <= Self.maximumLookups else {
            running.count.subtract(1, ordering: .relaxed)
            throw Failure(code: EAI_AGAIN)
        }
        let waiting = Waiting()
        return try await withCheckedThrowingContinuation { continuation in
            waiting.continuation.withLock { $0 = continuation }
            // NB: whichever comes first, the answer or the deadline, resumes; the other finds nothing.
            DispatchQueue.global().async { [lookup, running] in
                let answer = Result { try lookup(host) }
                running.count.subtract(1, ordering: .relaxed)
                waiting.take()?.resume(with: answer)
            }
            // NB: on a dispatch thread too, not the cooperative pool, which busy tasks may hold.
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.dispatchInterval(timeout)) {
                waiting.take()?.resume(throwing: Failure(code: EAI_AGAIN))
            }
        }
    }

    static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    /// How many of a resolver's lookups are under way.
    private final class Running: Sendable {
        let count = Atomic(0)
    }

    struct Failure: Error {
        let code: Int32
    }

    /// A lookup's caller, resumed once.
    private final class Waiting: Sendable {
        let continuation = Mutex<CheckedContinuation<[PushAddress], any Error>?>(nil)

        func take() -> CheckedContinuation<[PushAddress], any Error>? {
            continuation.withLock { $0.take() }
        }
    }

    static func resolve(_ host: String) throws -> [PushAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, nil, &hints, &list)
        guard code == 0 else { throw Failure(code: code) }
        defer { freeaddrinfo(list) }
        var addresses: [PushAddress] = []
        var entry = list
        while let info = entry?.pointee {
            if info.ai_family == AF_INET, let raw = info.ai_addr {
                let address = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                addresses.append(PushAddress(v4: address))
            } else if info.ai_family == AF_INET6, let raw = info.ai_addr {
                let address = raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_addr
                }
                addresses.append(PushAddress(v6: address))
            }
            entry = info.ai_next
        }
        // NB: one address per family and kind of socket: the same address comes once.
        var seen = Set<PushAddress>()
        return addresses.filter { seen.insert($0).inserted }
    }
}
