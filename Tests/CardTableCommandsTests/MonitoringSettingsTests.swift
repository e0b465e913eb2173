import Testing

@testable import CardTableCommands

/// `--metrics-port` (`CARDTABLE_METRICS_PORT`), `--metrics-hostname` and `--drain-seconds`
/// (`CARDTABLE_DRAIN_SECONDS`).
@Suite struct MonitoringSettingsTests {
    @Test func noMetricsListenerAndAShortDrainUnlessTold() throws {
        let settings = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: [:], defaultDatabasePath: "d")
        #expect(settings.metricsPort == nil)
        #expect(settings.metricsHostname == "127.0.0.1")
        #expect(settings.drain == ServeSettings.standardDrain)
    }

    @Test func optionsComeBeforeTheEnvironment() throws {
        let environment = ["CARDTABLE_METRICS_PORT": "9464", "CARDTABLE_DRAIN_SECONDS": "5"]
        let fromEnvironment = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: environment, defaultDatabasePath: "d")
        #expect(fromEnvironment.metricsPort == 9464)
        #expect(fromEnvironment.drain == .seconds(5))
        let fromOptions = try ServeSettings(
            hostname: nil, port: nil, database: nil, metricsPort: 9000, metricsHostname: "10.0.0.5",
            drainSeconds: 0, environment: environment, defaultDatabasePath: "d")
        #expect(fromOptions.metricsPort == 9000)
        #expect(fromOptions.metricsHostname == "10.0.0.5")
        #expect(fromOptions.drain == .zero)
    }

    @Test(arguments: [
        ["CARDTABLE_METRICS_PORT": "ninety"], ["CARDTABLE_METRICS_PORT": "70000"],
        ["CARDTABLE_DRAIN_SECONDS": "-1"], ["CARDTABLE_DRAIN_SECONDS": "soon"],
    ])
    func aSettingThatIsNoNumberItCanTakeIsRefused(environment: [String: String]) {
        #expect(throws: (any Error).self) {
            try ServeSettings(
                hostname: nil, port: nil, database: nil, environment: environment, defaultDatabasePath: "d")
        }
    }
}
