import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// Behind nginx with TLS: what a trusted proxy says of the browser's scheme and address counts
/// (secure cookies, `https://` links, Strict-Transport-Security, the Origin check, the log);
/// what anyone else says is dropped. A live test app's requests come from 127.0.0.1, a proxy on
/// this machine; a router test app's from no address, so no proxy.
@Suite struct BehindProxyTests {
    private static let overHTTPS: HTTPFields = [.forwardedProto: "https"]

    @Test func overHTTPSFromATrustedProxyCookiesAreSecureAndHSTSIsSent() async throws {
        try await withTestApp(live: true) { session in
            let home = try await session.client.execute(uri: "/", method: .get, headers: Self.overHTTPS)
            let cookie = try #require(home.headers[.setCookie])
            #expect(cookie.contains("; Secure"))
            #expect(home.headers[.strictTransportSecurity] == "max-age=31536000")

            let plain = try await session.client.execute(uri: "/", method: .get)
            #expect(plain.headers[.setCookie]?.contains("Secure") == false)
            #expect(plain.headers[.strictTransportSecurity] == nil)
        }
    }

    @Test func aRoomsLinkAndQRCodeAreHTTPSBehindAnHTTPSProxy() async throws {
        try await withTestApp(live: true) { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom()
            var headers = Self.overHTTPS
            headers[.cookie] = ana.cookie
            let page = try await session.client.execute(uri: room.pageURL, method: .get, headers: headers)
            #expect(page.status == .ok)
            #expect(page.text.contains("https://localhost/rooms/"))
            #expect(!page.text.contains("http://localhost/rooms/"))

            let plain = try await ana.get(room.pageURL)
            #expect(plain.text.contains("http://localhost/rooms/"))
            #expect(!plain.text.contains("https://localhost/rooms/"))
        }
    }

    @Test func aBrowserCannotSayItCameOverHTTPS() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let home = try await session.client.execute(uri: "/", method: .get, headers: Self.overHTTPS)
            #expect(home.headers[.setCookie]?.contains("Secure") == false)
            #expect(home.headers[.strictTransportSecurity] == nil)

            let room = try await ana.createRoom()
            var headers = Self.overHTTPS
            headers[.cookie] = ana.cookie
            let page = try await session.client.execute(uri: room.pageURL, method: .get, headers: headers)
            #expect(!page.text.contains("https://"))
        }
    }

    /// The Origin check compares the scheme the proxy vouches for, not the one a page claims.
    @Test func anHTTPSOriginIsSameOriginOnlyWhenATrustedProxySaysHTTPS() async throws {
        let headers: HTTPFields = [.origin: "https://localhost", .forwardedProto: "https"]
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let response = try await browser.post("/themes/\(theme.id)/delete", extraHeaders: headers)
            #expect(response.status == .forbidden)
            #expect(try await session.store.theme(theme.id, of: browser.player) != nil)
        }
    }

    /// Through a trusted proxy's HTTPS, a page of this site is `https://`, and an `http://` one
    /// (the same host and port) is another site. (The live test client names `localhost` as host.)
    @Test(arguments: [("https", HTTPResponse.Status.seeOther), ("http", .forbidden)])
    func overHTTPSFromATrustedProxyTheOriginsSchemeCounts(scheme: String, status: HTTPResponse.Status)
        async throws
    {
        try await withTestApp(live: true) { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let response = try await browser.post(
                "/themes/\(theme.id)/delete",
                extraHeaders: [.origin: "\(scheme)://localhost", .forwardedProto: "https"])
            #expect(response.status == status)
            #expect(try await session.store.theme(theme.id, of: browser.player) == nil || status != .seeOther)
        }
    }

    @Test func hstsCanBeTurnedOff() async throws {
        var configuration = WebConfiguration()
        configuration.strictTransportSecurityMaxAge = nil
        try await withTestApp(configuration: configuration, live: true) { session in
            let home = try await session.client.execute(uri: "/", method: .get, headers: Self.overHTTPS)
            #expect(home.headers[.setCookie]?.contains("; Secure") == true)
            #expect(home.headers[.strictTransportSecurity] == nil)
        }
    }

    @Test func theLogNamesTheClientATrustedProxyForwarded() async throws {
        let (_, log) = try await withRecordedLog(live: true) { client in
            _ = try await client.execute(
                uri: "/health", method: .get, headers: [ClientAddress.forwardedFor: "198.51.100.7"])
        }
        let line = try #require(log.entries.first { $0.message == "GET /health 200" })
        #expect(line.metadata["client"] == "198.51.100.7")
    }

    /// A client that is no proxy (203.0.113.9) is logged as itself, whatever it forwards.
    @Test func theLogIgnoresWhatAnUntrustedClientForwarded() async throws {
        let log = RecordedLog()
        let router = Router(context: PeerContext.self)
        router.add(middleware: ProxyHeadersMiddleware(trustedProxies: TrustedProxies()))
        router.add(
            middleware: RequestLogMiddleware(
                logger: Logger(label: "test") { _ in log }, trustedProxies: TrustedProxies()))
        router.get("/health") { _, _ in "ok" }
        try await Application(router: router).test(.router) { client in
            _ = try await client.execute(
                uri: "/health", method: .get, headers: [ClientAddress.forwardedFor: "198.51.100.7"])
        }
        let line = try #require(log.entries.first { $0.message == "GET /health 200" })
        #expect(line.metadata["client"] == "203.0.113.9")
    }

    /// A request context whose connection comes from 203.0.113.9, a client that is no proxy.
    private struct PeerContext: RequestContext, RemoteAddressRequestContext {
        var coreContext: CoreRequestContextStorage
        let remoteAddress: SocketAddress? = try? SocketAddress(ipAddress: "203.0.113.9", port: 40_000)

        init(source: ApplicationRequestContextSource) {
            coreContext = .init(source: source)
        }
    }
}
