import CardTableWeb
import Testing

@testable import CardTableCommands
@testable import CardTableHTTP

@Suite struct ConnectionTimeoutSettingsTests {
    @Test func timeoutsDefaultTo10And10And30And60Seconds() throws {
        let settings = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: [:], defaultDatabasePath: "d")
        #expect(
            settings.connectionTimeouts
                == ConnectionTimeouts(
                    requestHead: .seconds(10), bodyPause: .seconds(10), requestBody: .seconds(30),
                    idle: .seconds(60)))
    }

    @Test func optionsComeBeforeTheEnvironment() throws {
        let settings = try ServeSettings(
            hostname: nil, port: nil, database: nil, headerTimeout: 2.5, bodyTotalTimeout: 20,
            idleTimeout: 30,
            environment: [
                "CARDTABLE_HEADER_TIMEOUT": "7", "CARDTABLE_BODY_TIMEOUT": "4",
                "CARDTABLE_BODY_TOTAL_TIMEOUT": "9",
            ],
            defaultDatabasePath: "d")
        #expect(
            settings.connectionTimeouts
                == ConnectionTimeouts(
                    requestHead: .milliseconds(2500), bodyPause: .seconds(4), requestBody: .seconds(20),
                    idle: .seconds(30)))
    }

    @Test(arguments: ["soon", "0", "-1", "inf"])
    func badTimeoutsAreRefused(text: String) {
        #expect(throws: (any Error).self) {
            try ServeSettings(
                hostname: nil, port: nil, database: nil, environment: ["CARDTABLE_IDLE_TIMEOUT": text],
                defaultDatabasePath: "d")
        }
    }
}
