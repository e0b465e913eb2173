import ArgumentParser
import Foundation
import Synchronization
import Testing

@testable import CardTableCommands

@Suite struct ServeSettingsTests {
    @Test func defaultsServeThisComputerOnPort8080() throws {
        let settings = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: [:], defaultDatabasePath: "/data/db.sqlite")
        #expect(settings.hostname == "127.0.0.1")
        #expect(settings.port == 8080)
        #expect(settings.databasePath == "/data/db.sqlite")
        #expect(settings.url == "http://127.0.0.1:8080")
        #expect(!settings.allowsTestSetups)
    }

    @Test func environmentFillsWhatTheCommandLineLeavesOut() throws {
        let environment = [
            "CARDTABLE_HOSTNAME": "0.0.0.0", "CARDTABLE_PORT": "9000", "CARDTABLE_DATABASE": "/tmp/x.sqlite",
        ]
        let fromEnvironment = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: environment, defaultDatabasePath: "d")
        #expect(fromEnvironment.hostname == "0.0.0.0")
        #expect(fromEnvironment.port == 9000)
        #expect(fromEnvironment.databasePath == "/tmp/x.sqlite")
        let testing = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: ["CARDTABLE_TEST_SETUPS": "1"],
            defaultDatabasePath: "d")
        #expect(testing.allowsTestSetups)
        #expect(!testing.liftsRoomLimits)
        let fuzzing = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: ["CARDTABLE_TEST_ROOM_LIMITS": "off"],
            defaultDatabasePath: "d")
        #expect(fuzzing.liftsRoomLimits)
        let options = try ServeSettings(
            hostname: "10.0.0.5", port: 7000, database: "a.sqlite", environment: environment,
            defaultDatabasePath: "d")
        #expect(options.port == 7000)
        #expect(options.hostname == "10.0.0.5")
    }

    @Test(arguments: ["eighty", "70000"])
    func badPortsAreRefused(port: String) {
        #expect(throws: (any Error).self) {
            try ServeSettings(
                hostname: nil, port: nil, database: nil, environment: ["CARDTABLE_PORT": port],
                defaultDatabasePath: "d")
        }
    }

    /// A postgres:// address serves from PostgreSQL with the secret file every instance shares,
    /// from the options or the environment.
    @Test(arguments: ["postgres://cardtable@127.0.0.1:5432/cardtable", "postgresql://u:pw@h/db"])
    func aPostgreSQLAddressServesWithASharedSecretFile(address: String) throws {
        let options = try ServeSettings(
            hostname: nil, port: nil, database: address, secretFile: "/etc/cardtable/secret",
            environment: [:],
            defaultDatabasePath: "d")
        #expect(options.servesPostgres)
        #expect(options.secretFile == "/etc/cardtable/secret")
        let environment = try ServeSettings(
            hostname: nil, port: nil, database: nil,
            environment: ["CARDTABLE_DATABASE": address, "CARDTABLE_SECRET_FILE": "/s"],
            defaultDatabasePath: "d")
        #expect(environment.servesPostgres)
        #expect(environment.secretFile == "/s")
    }

    /// Without the shared secret's file, instances would each make their own and refuse each
    /// other's cookies; an address without a user or a database is no address; a SQLite file
    /// keeps its secret beside it. Each is refused in words.
    @Test(arguments: [
        ("postgres://cardtable@127.0.0.1:5432/cardtable", nil, "secret-file"),
        ("postgres://127.0.0.1:5432/cardtable", "/s", "USER"),
        ("postgresql://u@h/", "/s", "USER"),
        ("/data/cardtable.sqlite", "/s", "secret-file"),
    ])
    func aDatabaseAndSecretThatDoNotGoTogetherAreRefused(database: String, secretFile: String?, named: String)
    {
        let error = #expect(throws: ValidationError.self) {
            try ServeSettings(
                hostname: nil, port: nil, database: database, secretFile: secretFile, environment: [:],
                defaultDatabasePath: "d")
        }
        #expect(error?.message.contains(named) == true)
    }

    @Test func theClockIsRealUnlessTheBrowserTestsSpeedItUp() throws {
        let plain = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: [:], defaultDatabasePath: "d")
        #expect(plain.clockRate == 1)
        let real = Mutex(Date(timeIntervalSince1970: 1000))
        let readReal: @Sendable () -> Date = { real.withLock { $0 } }
        #expect(plain.clock(real: readReal)() == Date(timeIntervalSince1970: 1000))

        let fast = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: ["CARDTABLE_TEST_CLOCK_RATE": "20"],
            defaultDatabasePath: "d")
        let clock = fast.clock(real: readReal)
        #expect(clock() == Date(timeIntervalSince1970: 1000))
        real.withLock { $0 += 0.5 }
        #expect(clock() == Date(timeIntervalSince1970: 1010))
    }

    @Test(arguments: ["fast", "0.5", "0", "-3", "inf", "nan"])
    func badClockRatesAreRefused(rate: String) {
        #expect(throws: (any Error).self) {
            try ServeSettings(
                hostname: nil, port: nil, database: nil, environment: ["CARDTABLE_TEST_CLOCK_RATE": rate],
                defaultDatabasePath: "d")
        }
    }

    @Test func theLogLevelComesFromTheOptionThenTheEnvironment() throws {
        let byDefault = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: [:], defaultDatabasePath: "d")
        #expect(byDefault.logLevel == .info)
        let fromEnvironment = try ServeSettings(
            hostname: nil, port: nil, database: nil, environment: ["CARDTABLE_LOG_LEVEL": "DEBUG"],
            defaultDatabasePath: "d")
        #expect(fromEnvironment.logLevel == .debug)
        let fromOption = try ServeSettings(
            hostname: nil, port: nil, database: nil, logLevel: "warning",
            environment: ["CARDTABLE_LOG_LEVEL": "debug"], defaultDatabasePath: "d")
        #expect(fromOption.logLevel == .warning)
        #expect {
            try ServeSettings(
                hostname: nil, port: nil, database: nil, logLevel: "loud", environment: [:],
                defaultDatabasePath: "d")
        } throws: { error in
            "\(error)".contains("The log level must be one of trace, debug, info")
        }
    }
}
