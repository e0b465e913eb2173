import CardTableWeb
import Testing

@testable import CardTableCommands

/// `--trusted-proxy` (or `CARDTABLE_TRUSTED_PROXIES`): the proxies whose X-Forwarded-For names
/// the client counted by per-client limits.
@Suite struct TrustedProxySettingsTests {
    @Test func onlyLoopbackIsTrustedUnlessTold() throws {
        let settings = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: [:], defaultDatabasePath: "d")
        #expect(settings.trustedProxies == TrustedProxies())
    }

    @Test func optionsComeBeforeTheEnvironment() throws {
        let fromEnvironment = try ServeSettings(
            hostname: nil, port: nil, database: nil,
            environment: ["CARDTABLE_TRUSTED_PROXIES": "10.0.0.2, fd00::2"], defaultDatabasePath: "d")
        #expect(fromEnvironment.trustedProxies == (try TrustedProxies(["10.0.0.2", "fd00::2"])))
        let fromOptions = try ServeSettings(
            hostname: nil, port: nil, database: nil, trustedProxies: ["10.0.0.9"],
            environment: ["CARDTABLE_TRUSTED_PROXIES": "10.0.0.2"], defaultDatabasePath: "d")
        #expect(fromOptions.trustedProxies == (try TrustedProxies(["10.0.0.9"])))
    }

    @Test func aProxyThatIsNotAnAddressIsRefused() {
        #expect(throws: (any Error).self) {
            try ServeSettings(
                hostname: nil, port: nil, database: nil, trustedProxies: ["nginx.local"], environment: [:],
                defaultDatabasePath: "d")
        }
    }
}
