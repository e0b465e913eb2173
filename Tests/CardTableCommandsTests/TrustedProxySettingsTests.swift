import CardTableWeb
import Testing

@testable import CardTableCommands
@testable import CardTableHTTP

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

    @Test func hstsLastsAYearUnlessToldAndZeroTurnsItOff() throws {
        func settings(_ option: Int?, _ environment: [String: String] = [:]) throws -> ServeSettings {
            try ServeSettings(
                hostname: nil, port: nil, database: nil, hstsMaxAge: option, environment: environment,
                defaultDatabasePath: "d")
        }
        #expect(try settings(nil).hstsMaxAge == 31_536_000)
        #expect(try settings(nil, ["CARDTABLE_HSTS_MAX_AGE": "0"]).hstsMaxAge == 0)
        #expect(try settings(600, ["CARDTABLE_HSTS_MAX_AGE": "0"]).hstsMaxAge == 600)
        #expect(throws: (any Error).self) { try settings(-1) }
        #expect(throws: (any Error).self) { try settings(nil, ["CARDTABLE_HSTS_MAX_AGE": "a year"]) }
    }
}
