import CardTableWeb
import Testing

@testable import CardTableCommands
@testable import CardTableHTTP

/// `--connections-per-address` (`CARDTABLE_CONNECTIONS_PER_ADDRESS`) and the total the open-file
/// limit leaves.
@Suite struct ConnectionLimitSettingsTests {
    @Test func eachAddressMayOpen256UnlessTold() throws {
        let settings = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: [:], defaultDatabasePath: "d")
        #expect(settings.connectionsPerAddress == 256)
        #expect(
            settings.connectionLimits(openFiles: 65536) == ConnectionLimits(openFiles: 65536, perAddress: 256)
        )
    }

    @Test func theOptionComesBeforeTheEnvironmentAndZeroMeansNoLimit() throws {
        let environment = ["CARDTABLE_CONNECTIONS_PER_ADDRESS": "0"]
        let behindAProxy = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: environment, defaultDatabasePath: "d")
        #expect(behindAProxy.connectionsPerAddress == nil)
        let told = try ServeSettings(
            hostname: nil, port: nil, database: nil, connectionsPerAddress: 40, environment: environment,
            defaultDatabasePath: "d")
        #expect(told.connectionsPerAddress == 40)
    }

    @Test(arguments: ["-1", "many", "2.5"])
    func aCountThatIsNoWholeNumberIsRefused(text: String) {
        #expect(throws: (any Error).self) {
            try ServeSettings(
                hostname: nil, port: nil, database: nil,
                environment: ["CARDTABLE_CONNECTIONS_PER_ADDRESS": text], defaultDatabasePath: "d")
        }
    }
}
