import ArgumentParser
import CardTableBasics
import CardTableStorage
import CardTableWeb
import Foundation
import Hummingbird
import Logging

/// `cardtable serve` (also what `cardtable` alone runs): serves the games over HTTP until
/// Ctrl-C.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the games over HTTP.",
        discussion: """
            Each option can also come from the environment: CARDTABLE_HOSTNAME, CARDTABLE_PORT,
            CARDTABLE_DATABASE, CARDTABLE_SECRET_FILE, CARDTABLE_LOG_LEVEL, CARDTABLE_HEADER_TIMEOUT,
            CARDTABLE_BODY_TIMEOUT, CARDTABLE_BODY_TOTAL_TIMEOUT, CARDTABLE_IDLE_TIMEOUT,
            CARDTABLE_TRUSTED_PROXIES (addresses separated by commas), CARDTABLE_HSTS_MAX_AGE,
            CARDTABLE_DATABASE_WAIT, CARDTABLE_METRICS_PORT, CARDTABLE_METRICS_HOSTNAME and
            CARDTABLE_DRAIN_SECONDS. Use --hostname 0.0.0.0 to play from a
            phone on the same network. With --database postgres://USER@HOST:PORT/DB several
            instances share one database; give them all the same --secret-file.
            """)

    @Option(help: "The address to listen on (default 127.0.0.1; 0.0.0.0 for every network).")
    var hostname: String?

    @Option(help: "The port to listen on (default 8080).")
    var port: Int?

    @Option(
        help: """
            The SQLite database file (default: \(Self.defaultDatabasePath)), or \
            postgres://USER[:PASSWORD]@HOST[:PORT]/DB.
            """)
    var database: String?

    @Option(help: "With PostgreSQL: the file of the secret every instance shares (made if missing).")
    var secretFile: String?

    @Option(
        help: "The least important log lines to write: trace, debug, info (default), notice, warning, error.")
    var logLevel: String?

    @Option(help: "Seconds a client may take to send a request's headers (default 10).")
    var headerTimeout: Double?

    @Option(help: "Seconds a client may pause while sending a request's body (default 10).")
    var bodyTimeout: Double?

    @Option(help: "Seconds a client may take to send a whole request body (default 30).")
    var bodyTotalTimeout: Double?

    @Option(help: "Seconds an idle kept-alive connection stays open (default 60).")
    var idleTimeout: Double?

    @Option(
        name: .customLong("trusted-proxy"),
        help: """
            The address of a proxy (nginx) believed when it names the client (X-Forwarded-For) \
            and says the browser came over HTTPS (X-Forwarded-Proto); repeat for several. \
            Loopback addresses are always trusted.
            """)
    var trustedProxies: [String] = []

    @Option(
        help: """
            Seconds a browser that came over HTTPS is told to come only over HTTPS \
            (Strict-Transport-Security; default 31536000, a year; 0 sends none).
            """)
    var hstsMaxAge: Int?

    @Option(
        help: """
            With PostgreSQL: seconds a request waits for a database connection (and to connect) \
            before it is answered 503 (default 2).
            """)
    var databaseWait: Double?

    @Option(
        help: """
            With PostgreSQL: seconds a statement waits for the database's answer before the \
            request is answered 503 and the connection is closed (default 5).
            """)
    var databaseDeadline: Double?

    @Option(
        help: """
            A second port that serves GET /metrics in Prometheus' text format (default: none). \
            The site's port never serves it.
            """)
    var metricsPort: Int?

    @Option(help: "The address the metrics port listens on (default 127.0.0.1).")
    var metricsHostname: String?

    @Option(
        help: """
            Seconds GET /ready answers 503 after SIGTERM while requests are still served, before \
            the listener closes (default 3).
            """)
    var drainSeconds: Double?

    @Option(
        help: """
            The most connections open at once from one address (default 256; 0 for no limit, \
            as behind a proxy, whose address every connection has).
            """)
    var connectionsPerAddress: Int?

    @Flag(
        help: """
            Take push subscriptions whose endpoint is plain http on 127.0.0.1 or ::1: for tests' \
            push services only, never a site (its players could make it post to its own machine).
            """)
    var allowLocalPushEndpoints = false

    @Option(
        help: """
            Whom push services may write to about this site's notifications: a mailto: or https: \
            address (Apple's and Mozilla's services ask for one).
            """)
    var pushContact: String?

    func run() async throws {
        let settings = try ServeSettings(
            hostname: hostname, port: port, database: database, logLevel: logLevel,
            headerTimeout: headerTimeout, bodyTimeout: bodyTimeout, bodyTotalTimeout: bodyTotalTimeout,
            idleTimeout: idleTimeout, secretFile: secretFile, trustedProxies: trustedProxies,
            hstsMaxAge: hstsMaxAge, databaseWait: databaseWait, databaseDeadline: databaseDeadline,
            metricsPort: metricsPort, metricsHostname: metricsHostname, drainSeconds: drainSeconds,
            connectionsPerAddress: connectionsPerAddress, environment: ProcessInfo.processInfo.environment,
            defaultDatabasePath: Self.defaultDatabasePath)
        var logger = Logger(label: "cardtable")
        logger.logLevel = settings.logLevel
        OpenFileLimit.raiseToMaximum(logger: logger)
        var configuration = WebConfiguration(
            hostname: settings.hostname, port: settings.port, connectionTimeouts: settings.connectionTimeouts)
        configuration.connectionLimits = settings.connectionLimits(
            openFiles: OpenFileLimit.read()?.current ?? 1024)
        logger.info(
            "Connection limits",
            metadata: [
                "total": "\(configuration.connectionLimits.total)",
                "perAddress": "\(configuration.connectionLimits.perAddress.map(String.init) ?? "none")",
            ])
        if settings.liftsRoomLimits {
            configuration.roomLimits = .lifted
            logger.warning(
                "Room limits lifted (CARDTABLE_TEST_ROOM_LIMITS=off): room codes can be guessed as fast as they are sent; for a test server only"
            )
        }
        configuration.trustedProxies = settings.trustedProxies
        configuration.strictTransportSecurityMaxAge = .seconds(settings.hstsMaxAge)
        configuration.metricsPort = settings.metricsPort
        configuration.metricsHostname = settings.metricsHostname
        if let sweepInterval = settings.sweepInterval { configuration.roomSweepInterval = sweepInterval }
        if let pushContact {
            guard pushContact.hasPrefix("mailto:") || pushContact.hasPrefix("https://") else {
                throw ValidationError(
                    "--push-contact must be a mailto: or https:// address, like mailto:you@example.org.")
            }
            configuration.pushContact = pushContact
        }
        if allowLocalPushEndpoints {
            configuration.allowsLocalPushEndpoints = true
            logger.warning(
                "Push endpoints on loopback over plain http are taken (--allow-local-push-endpoints): for a test server only"
            )
        }
        let drain = ShutdownDrain()
        let stopping = GracefulStop(
            drain: drain, drainPeriod: settings.drain, gracePeriod: configuration.shutdownGracePeriod)
        let environment = WebEnvironment(now: settings.clock(), allowsTestSetups: settings.allowsTestSetups)
        if let secretFile = settings.secretFile, settings.servesPostgres {
            try await servePostgres(
                settings, secret: secretFile, configuration: configuration, environment: environment,
                stopping: stopping, logger: logger)
            return
        }
        let database = try Self.openDatabase(at: settings.databasePath, logger: logger) { message in
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
        let app = try await buildApplication(
            configuration, database: .sqlite(database), environment: environment, logger: logger, drain: drain
        )
        Self.announce(settings.url, database: settings.databasePath)
        try await app.runUntilStopped(stopping, logger: logger)
        // NB: runService returns on SIGTERM or Ctrl-C once the listener is closed and every
        // request in flight has been answered, so no move can reach the database after this.
        try database.close()
        logger.info("Database closed", metadata: ["database": "\(settings.databasePath)"])
    }

    /// Serves from PostgreSQL until SIGTERM or Ctrl-C (the app's services close the connections).
    private func servePostgres(
        _ settings: ServeSettings, secret secretFile: String, configuration: WebConfiguration,
        environment: WebEnvironment, stopping: GracefulStop, logger: Logger
    ) async throws {
        let database = try ServedDatabase.postgres(
            settings.databasePath, secret: ServerSecret(file: secretFile), logger: logger,
            connectionWait: settings.databaseWait, statementDeadline: settings.databaseDeadline)
        let app = try await buildApplication(
            configuration, database: database, environment: environment, logger: logger, drain: stopping.drain
        )
        Self.announce(settings.url, database: DatabaseChoice.withoutPassword(settings.databasePath))
        try await app.runUntilStopped(stopping, logger: logger)
    }

    /// Says where the games are served, straight to the file handle so it shows at once even
    /// when piped.
    private static func announce(_ url: String, database: String) {
        let banner = "CardTable is running at \(url)  (database: \(database))\n"
        FileHandle.standardOutput.write(Data((banner + "Press Ctrl-C to stop.\n").utf8))
    }

    /// Opens the database, or refuses to start: a database that is damaged or was written by a
    /// newer CardTable is left as it is, `report` is told why, and the command exits with
    /// ``StartupRefusal/exitCode``.
    static func openDatabase(
        at path: String, logger: Logger, report: (String) -> Void
    ) throws -> SQLiteDatabase {
        do {
            return try SQLiteDatabase(.file(path: path), logger: logger)
        } catch let error as DatabaseOpeningError {
            let refusal = StartupRefusal(error)
            report(refusal.message)
            throw refusal.exitCode
        }
    }

    /// Where the database lives unless told otherwise: the user's application-data folder.
    static var defaultDatabasePath: String {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return base.appendingPathComponent("CardTable/cardtable.sqlite").path
    }
}
