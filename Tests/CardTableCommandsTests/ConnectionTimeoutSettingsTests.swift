import CardTableWeb
import Testing

@testable import CardTableCommands

@Suite struct ConnectionTimeoutSettingsTests {
    @Test func timeoutsDefaultTo10And10And60Seconds() throws {
        let settings = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: [:], defaultDatabasePath: "d")
        #expect(
            settings.connectionTimeouts
                == ConnectionTimeouts(requestHead: .seconds(10), bodyPause: .seconds(10), idle: .seconds(60)))
    }

    @Test func optionsComeBeforeTheEnvironment() throws {
        let settings = try ServeSettings(
            hostname: nil, port: nil, database: nil, headerTimeout: 2.5, idleTimeout: 30,
            environment: ["CARDTABLE_HEADER_TIMEOUT": "7", "CARDTABLE_BODY_TIMEOUT": "4"],
            defaultDatabasePath: "d")
        #expect(
            settings.connectionTimeouts
                == ConnectionTimeouts(
                    requestHead: .milliseconds(2500), bodyPause: .seconds(4), idle: .seconds(30)))
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
