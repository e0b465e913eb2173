import ArgumentParser
import CardTableHTTP
import CardTableStorage
import CardTableWeb
import Foundation
import Logging

/// The server's settings, from the command line first, then the environment, then defaults.
struct ServeSettings: Equatable {
    var hostname: String
    var port: Int
    /// The SQLite file's path, or a `postgres://` address.
    var databasePath: String
    /// The file holding the secret every instance of a PostgreSQL site shares; nil with SQLite,
    /// which keeps its secret beside the database file.
    var secretFile: String?
    /// How many times faster than real time the server's clock runs: 1 except in the browser
    /// tests, which set `CARDTABLE_TEST_CLOCK_RATE` so that the speed bonus runs out quickly.
    ///
    /// NB: test-only, and so not a command-line option; a player's server always runs at 1.
    var clockRate: Double
    /// How often the rooms and notifications are swept, when a test says
    /// (`CARDTABLE_TEST_SWEEP_SECONDS`, with a fast clock: a day of turns in seconds); nil, once
    /// a minute. NB: test-only, not an option.
    var sweepInterval: Duration?

    /// Whether tests may set up Set games (`CARDTABLE_TEST_SETUPS=1`, for the browser tests only).
    var allowsTestSetups: Bool
    /// Whether the room limits meant for abuse are lifted (`CARDTABLE_TEST_ROOM_LIMITS=off`, for
    /// the contract's fuzzer only: see ``RoomLimits/lifted``). NB: test-only, not an option.
    var liftsRoomLimits: Bool
    /// The least important log lines written: `info` by default; `debug` adds each new game's
    /// theme as JSON.
    var logLevel: Logger.Level
    /// How long slow or idle clients keep their connections.
    var connectionTimeouts: ConnectionTimeouts
    /// The most connections open at once from one address; nil for no such limit.
    var connectionsPerAddress: Int?
    /// The proxies believed about the client and its scheme (loopback addresses always).
    var trustedProxies: TrustedProxies
    /// Seconds a browser that came over HTTPS is told to use only HTTPS here; 0 for never.
    var hstsMaxAge: Int
    /// With PostgreSQL: how long a request waits for a database connection before its 503.
    var databaseWait: Duration
    /// With PostgreSQL: how long a statement waits for the database's answer before its 503.
    var databaseDeadline: Duration
    /// The port that serves `GET /metrics`, never the site's; nil for none.
    var metricsPort: Int?
    /// The address the metrics port is bound to (127.0.0.1 unless told).
    var metricsHostname: String
    /// How long `GET /ready` answers 503 after SIGTERM before the listener closes.
    var drain: Duration

    init(
        hostname: String?, port: Int?, database: String?, logLevel: String? = nil,
        headerTimeout: Double? = nil, bodyTimeout: Double? = nil, bodyTotalTimeout: Double? = nil,
        idleTimeout: Double? = nil, secretFile: String? = nil, trustedProxies: [String] = [],
        hstsMaxAge: Int? = nil, databaseWait: Double? = nil, databaseDeadline: Double? = nil,
        metricsPort: Int? = nil,
        metricsHostname: String? = nil, drainSeconds: Double? = nil, connectionsPerAddress: Int? = nil,
        environment: [String: String],
        defaultDatabasePath: String
    ) throws {
        self.hostname = hostname ?? environment["CARDTABLE_HOSTNAME"] ?? "127.0.0.1"
        if let port {
            self.port = port
        } else if let text = environment["CARDTABLE_PORT"] {
            guard let port = Int(text) else {
                throw ValidationError("CARDTABLE_PORT must be a number, not \(text).")
            }
            self.port = port
        } else {
            self.port = 8080
        }
        guard (0...65535).contains(self.port) else {
            throw ValidationError("The port must be between 0 and 65535.")
        }
        self.metricsPort = try Self.metricsPort(metricsPort, environment)
        self.metricsHostname = metricsHostname ?? environment["CARDTABLE_METRICS_HOSTNAME"] ?? "127.0.0.1"
        self.drain = try Self.drain(drainSeconds, environment)
        self.connectionsPerAddress = try Self.connectionsPerAddress(connectionsPerAddress, environment)
        self.databasePath = database ?? environment["CARDTABLE_DATABASE"] ?? defaultDatabasePath
        self.secretFile = secretFile ?? environment["CARDTABLE_SECRET_FILE"]
        if Self.isPostgresAddress(databasePath) {
            guard PostgresAddress(databasePath) != nil else {
                throw ValidationError("--\(PostgresAddressError().description).")
            }
            guard self.secretFile != nil else {
                throw ValidationError(
                    "With PostgreSQL, give every instance the same --secret-file (or CARDTABLE_SECRET_FILE): "
                        + "it signs the players' cookies, and is made on first start if it does not exist.")
            }
        } else if self.secretFile != nil {
            throw ValidationError(
                "--secret-file is for PostgreSQL sites; a SQLite database keeps its secret beside its file.")
        }
        if let text = environment["CARDTABLE_TEST_CLOCK_RATE"] {
            guard let rate = Double(text), rate.isFinite, rate >= 1 else {
                throw ValidationError(
                    "CARDTABLE_TEST_CLOCK_RATE must be a number of at least 1, not \(text).")
            }
            self.clockRate = rate
        } else {
            self.clockRate = 1
        }
        if let text = environment["CARDTABLE_TEST_SWEEP_SECONDS"] {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0.1 else {
                throw ValidationError(
                    "CARDTABLE_TEST_SWEEP_SECONDS must be a number of at least 0.1, not \(text).")
            }
            self.sweepInterval = .milliseconds(Int(seconds * 1000))
        }
        self.allowsTestSetups = environment["CARDTABLE_TEST_SETUPS"] == "1"
        self.liftsRoomLimits = environment["CARDTABLE_TEST_ROOM_LIMITS"] == "off"
        let levelText = logLevel ?? environment["CARDTABLE_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: levelText.lowercased()) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("The log level must be one of \(levels), not \(levelText).")
        }
        self.logLevel = level
        let standard = ConnectionTimeouts()
        self.connectionTimeouts = try ConnectionTimeouts(
            requestHead: Self.seconds(
                headerTimeout, "CARDTABLE_HEADER_TIMEOUT", environment, or: standard.requestHead),
            bodyPause: Self.seconds(
                bodyTimeout, "CARDTABLE_BODY_TIMEOUT", environment, or: standard.bodyPause),
            requestBody: Self.seconds(
                bodyTotalTimeout, "CARDTABLE_BODY_TOTAL_TIMEOUT", environment, or: standard.requestBody),
            idle: Self.seconds(idleTimeout, "CARDTABLE_IDLE_TIMEOUT", environment, or: standard.idle))
        let proxies =
            trustedProxies.isEmpty
            ? (environment["CARDTABLE_TRUSTED_PROXIES"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            } : trustedProxies
        do {
            self.trustedProxies = try TrustedProxies(proxies)
        } catch {
            throw ValidationError("--trusted-proxy: \(error.description)")
        }
        if let hstsMaxAge {
            self.hstsMaxAge = hstsMaxAge
        } else if let text = environment["CARDTABLE_HSTS_MAX_AGE"] {
            guard let seconds = Int(text) else {
                throw ValidationError(
                    "CARDTABLE_HSTS_MAX_AGE must be a whole number of seconds, not \(text).")
            }
            self.hstsMaxAge = seconds
        } else {
            self.hstsMaxAge = 31_536_000
        }
        self.databaseWait = try Self.seconds(
            databaseWait, "CARDTABLE_DATABASE_WAIT", environment, or: .seconds(2))
        self.databaseDeadline = try Self.seconds(
            databaseDeadline, "CARDTABLE_DATABASE_DEADLINE", environment, or: .seconds(5))
        guard self.hstsMaxAge >= 0 else {
            throw ValidationError("--hsts-max-age must be 0 (none) or more seconds, not \(self.hstsMaxAge).")
        }
    }

    /// The server's clock: the real one, or (in the browser tests) one that runs ``clockRate``
    /// times faster from the moment it is made.
    /// - Parameter real: The real clock.
    func clock(real: @escaping @Sendable () -> Date = { Date() }) -> @Sendable () -> Date {
        let rate = clockRate
        guard rate != 1 else { return real }
        let start = real()
        return { start.addingTimeInterval(real().timeIntervalSince(start) * rate) }
    }

    /// Whether `database` names a PostgreSQL database rather than a SQLite file.
    static func isPostgresAddress(_ database: String) -> Bool {
        ["postgres://", "postgresql://"].contains(where: database.hasPrefix)
    }

    /// Whether the games are served from PostgreSQL.
    var servesPostgres: Bool { Self.isPostgresAddress(databasePath) }

    /// The address to open in a browser.
    var url: String {
        let host = hostname == "0.0.0.0" || hostname == "::" ? "127.0.0.1" : hostname
        return "http://\(host):\(port)"
    }
}
