import CardTableBasics
import CardTableStorage
import Foundation
import Logging
import ServiceLifecycle

/// The database an app serves from, with what running it takes: SQLite in one file (or memory),
/// or PostgreSQL shared with other instances of the site.
package struct ServedDatabase: Sendable {
    /// What the features keep everything in.
    let database: any CardTableDatabase
    /// The secret that signs players' cookies.
    let secret: ServerSecret
    /// Where room events from other instances arrive (PostgreSQL's listener writes to it).
    let hub: RoomHub
    /// Where rooms with computer opponents that changed are told to the bot driver (by this
    /// instance's referee and, with PostgreSQL, by the listener for other instances' changes).
    let botWakeups: BotWakeups
    /// Which rooms' computer opponents this instance drives.
    let botLeases: any RoomBotLeases
    /// Whether the database is ready for the sweeps; PostgreSQL's is once migrated.
    let readiness: DatabaseReadiness
    /// The database's own services, run beside the server (PostgreSQL's pool and listener).
    let services: [any Service]
    /// Work before the server listens (bringing PostgreSQL's schema up to date).
    let prepare: @Sendable () async throws -> Void
    /// Whether other instances may write to the database (PostgreSQL), so that what this one
    /// remembers of it can be outdated without its knowing.
    let isShared: Bool

    /// Serves from `database`, whose secret is kept beside its file (a new one for a database in
    /// memory) unless `secret` is given.
    /// - Throws: ``ServerSecretError`` when the secret's file cannot be read or made.
    package static func sqlite(_ database: SQLiteDatabase, secret: ServerSecret? = nil) throws
        -> ServedDatabase
    {
        // NB: the secret goes with the database's location, so tests that pass an open database
        // keep its secret too.
        try ServedDatabase(
            database: database, secret: secret ?? ServerSecret(for: database.location))
    }

    /// Serves from PostgreSQL at `address`, which other instances may share: its connection pool
    /// and the listener that hears their room events run as services of the app, and the schema
    /// is brought up to date before the server starts listening.
    /// - Parameters:
    ///   - address: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`.
    ///   - secret: The secret every instance of the site shares.
    ///   - connectionWait: How long a request waits for a connection before it is answered 503
    ///     (also the time to connect).
    ///   - statementDeadline: How long a statement waits for PostgreSQL's answer before the
    ///     request is answered 503 and the connection closed.
    /// - Throws: ``PostgresAddressError`` when `address` is not such an address, or names a file
    ///   of certificate authorities (`sslrootcert`) that cannot be read.
    package static func postgres(
        _ address: String, secret: ServerSecret, logger: Logger, connectionWait: Duration = .seconds(2),
        statementDeadline: Duration = .seconds(5)
    ) throws -> ServedDatabase {
        guard let address = PostgresAddress(address) else { throw PostgresAddressError() }
        if case .verifyFull(let authorities?) = address.security,
            !FileManager.default.isReadableFile(atPath: authorities)
        {
            throw PostgresAddressError(unreadableRootCertificate: authorities)
        }
        let database = PostgresDatabase(
            address, logger: logger, leaseTimeout: connectionWait, statementDeadline: statementDeadline)
        let hub = RoomHub()
        let botWakeups = BotWakeups()
        let botLocks = PostgresAdvisoryLocks(address: address, space: SharedBotLeases.space, logger: logger)
        let readiness = DatabaseReadiness(isReady: false)
        return ServedDatabase(
            database: database, secret: secret, hub: hub, botWakeups: botWakeups,
            botLeases: SharedBotLeases(locks: botLocks), readiness: readiness,
            services: [
                database,
                PostgresRoomEventListener.make(
                    address: address, database: database, hub: hub, botWakeups: botWakeups, logger: logger),
                botLocks,
            ],
            prepare: {
                try await database.migrate()
                readiness.markReady()
            },
            isShared: true)
    }

    /// `database`, ready at once and with nothing to run unless told.
    init(
        database: any CardTableDatabase, secret: ServerSecret,
        hub: RoomHub = RoomHub(), botWakeups: BotWakeups = BotWakeups(),
        botLeases: any RoomBotLeases = SoleInstanceBotLeases(), readiness: DatabaseReadiness = .ready,
        services: [any Service] = [], prepare: @escaping @Sendable () async throws -> Void = {},
        isShared: Bool = false
    ) {
        (self.database, self.secret) = (database, secret)
        (self.hub, self.readiness) = (hub, readiness)
        (self.botWakeups, self.botLeases) = (botWakeups, botLeases)
        (self.services, self.prepare) = (services, prepare)
        self.isShared = isShared
    }
}
