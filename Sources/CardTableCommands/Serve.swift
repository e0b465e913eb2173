import ArgumentParser
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
            CARDTABLE_DATABASE, CARDTABLE_LOG_LEVEL, CARDTABLE_HEADER_TIMEOUT, CARDTABLE_BODY_TIMEOUT
            and CARDTABLE_IDLE_TIMEOUT. Use --hostname 0.0.0.0 to play from a phone on the same
            network.
            """)

    @Option(help: "The address to listen on (default 127.0.0.1; 0.0.0.0 for every network).")
    var hostname: String?

    @Option(help: "The port to listen on (default 8080).")
    var port: Int?

    @Option(help: "The SQLite database file (default: \(Self.defaultDatabasePath)).")
    var database: String?

    @Option(
        help: "The least important log lines to write: trace, debug, info (default), notice, warning, error.")
    var logLevel: String?

    @Option(help: "Seconds a client may take to send a request's headers (default 10).")
    var headerTimeout: Double?

    @Option(help: "Seconds a client may pause while sending a request's body (default 10).")
    var bodyTimeout: Double?

    @Option(help: "Seconds an idle kept-alive connection stays open (default 60).")
    var idleTimeout: Double?

    func run() async throws {
        let settings = try ServeSettings(
            hostname: hostname, port: port, database: database, logLevel: logLevel,
            headerTimeout: headerTimeout, bodyTimeout: bodyTimeout, idleTimeout: idleTimeout,
            environment: ProcessInfo.processInfo.environment,
            defaultDatabasePath: Self.defaultDatabasePath)
        var logger = Logger(label: "cardtable")
        logger.logLevel = settings.logLevel
        OpenFileLimit.raiseToMaximum(logger: logger)
        let store = try Self.openStore(at: settings.databasePath, logger: logger) { message in
            FileHandle.standardError.write(Data((message + "\n").utf8))
        }
        let app = try await buildApplication(
            WebConfiguration(
                hostname: settings.hostname, port: settings.port,
                storage: .file(path: settings.databasePath), connectionTimeouts: settings.connectionTimeouts),
            store: store,
            environment: WebEnvironment(now: settings.clock(), allowsTestSetups: settings.allowsTestSetups),
            logger: logger)
        // NB: written straight to the file handle so it shows at once even when piped.
        let banner = "CardTable is running at \(settings.url)  (database: \(settings.databasePath))\n"
        FileHandle.standardOutput.write(Data((banner + "Press Ctrl-C to stop.\n").utf8))
        try await app.runService()
        // NB: runService returns on SIGTERM or Ctrl-C once the listener is closed and every
        // request in flight has been answered, so no move can reach the store after this.
        try store.close()
        logger.info("Database closed", metadata: ["database": "\(settings.databasePath)"])
    }

    /// Opens the database, or refuses to start: a database that is damaged or was written by a
    /// newer CardTable is left as it is, `report` is told why, and the command exits with
    /// ``StartupRefusal/exitCode``.
    static func openStore(
        at path: String, logger: Logger, report: (String) -> Void
    ) throws -> CardTableStore {
        do {
            return try CardTableStore(.file(path: path), logger: logger)
        } catch let error as StoreOpeningError {
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
