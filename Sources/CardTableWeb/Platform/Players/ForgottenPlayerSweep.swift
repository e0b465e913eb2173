import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Logging
import ServiceLifecycle

/// Deletes, every `interval`, the players whose cookie has expired: those not seen for a whole
/// cookie lifetime, with their themes and games. It runs beside the server and stops with it.
struct ForgottenPlayerSweep: Service {
    let database: any CardTableDatabase
    let now: @Sendable () -> Date
    let logger: Logger
    /// How long between sweeps.
    var interval: Duration = .seconds(60 * 60)
    /// What the first sweep waits for.
    var readiness: DatabaseReadiness = .ready
    /// Where sweeps and their failures are counted.
    var meters = SweepMeters(sweep: "forgotten_players")
    /// How long a player may stay away before they are forgotten: the cookie's lifetime.
    var lifetime: TimeInterval = TimeInterval(WebLimits.playerCookieMaxAge)

    func run() async throws {
        await repeatUntilShutdown(every: interval, once: readiness) { await sweepOnce() }
    }

    /// Sweeps once, logging how many players were forgotten (errors are logged, not thrown: the
    /// next sweep tries again).
    func sweepOnce() async {
        meters.runs.increment()
        do {
            let count = try await database.sweepPlayers(notSeenSince: now().addingTimeInterval(-lifetime))
            if count > 0 {
                logger.info("Swept forgotten players", metadata: ["count": "\(count)"])
            }
        } catch {
            meters.failures.increment()
            logger.error("Sweeping forgotten players failed", metadata: ["error": "\(error)"])
        }
    }
}
