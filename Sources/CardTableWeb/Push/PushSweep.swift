import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Logging
import ServiceLifecycle
import SetCore

/// Every `interval`: tells the players who asked for *today's daily puzzle* at this hour (UTC)
/// about it, once a day each, unless they solved it already; and forgets the notices sent more
/// than ``sentRetention`` ago (a notice's key names its day or its room's event, so none is due
/// again by then). It runs beside the server and stops with it.
struct PushSweep: Service {
    let notifier: PushNotifier
    let logger: Logger
    var interval: Duration = .seconds(60)
    var readiness: DatabaseReadiness = .ready
    var meters = SweepMeters(sweep: "push")
    /// How long a sent notice's key is kept.
    static let sentRetention: TimeInterval = 3 * 24 * 60 * 60

    func run() async throws {
        await repeatUntilShutdown(every: interval, once: readiness) { await sweepOnce() }
    }

    /// Sends the hour's daily-puzzle notices and forgets old keys (errors are logged: the next
    /// sweep tries again).
    func sweepOnce() async {
        meters.runs.increment()
        let now = notifier.now()
        do {
            let sent = try await notifyDailyPuzzle(at: now)
            if sent > 0 { logger.info("Daily puzzle notices sent", metadata: ["count": "\(sent)"]) }
            _ = try await notifier.database.forgetPushesSent(
                before: now.addingTimeInterval(-Self.sentRetention))
        } catch {
            meters.failures.increment()
            logger.error("Sending the daily puzzle's notices failed", metadata: ["error": "\(error)"])
        }
    }

    /// Tells each player who asked for the daily puzzle at the hour of `now` (UTC) and has not
    /// solved today's.
    /// - Returns: How many pushes were delivered.
    func notifyDailyPuzzle(at now: Date) async throws -> Int {
        let today = PuzzleDate(day: now)
        let hour = Calendar(identifier: .gregorian).dateComponents(in: .gmt, from: now).hour ?? 0
        let players = try await notifier.database.playersAskingDailyPuzzle(at: hour, unsolvedOn: today)
        let notice = PushNotice(
            kind: .daily, title: "Today's Set puzzle",
            body: "A new daily puzzle is out: six Sets hidden in twelve cards.",
            url: DailyRoute.today.path, tag: "daily")
        var delivered = 0
        for player in players {
            delivered += await notifier.notify(
                player, notice, once: Self.dailyKeyPrefix(today) + player.rawValue)
        }
        return delivered
    }

    /// The start of the key that sends a player the notice of `day`'s puzzle once: the player's
    /// id follows.
    static func dailyKeyPrefix(_ day: PuzzleDate) -> String { "daily:\(day):" }
}

extension CardTableDatabase {
    /// The players with a subscription that asked for the daily puzzle at `hour` (UTC) who have
    /// not solved the puzzle of `day`, nor been told of it (a sweep runs every minute of the hour).
    func playersAskingDailyPuzzle(at hour: Int, unsolvedOn day: PuzzleDate) async throws -> [PlayerID] {
        try await read { transaction in
            try transaction.rows(
                """
                SELECT DISTINCT player_id FROM push_subscription
                WHERE daily_hour = \(hour) AND notify LIKE '%daily%' AND player_id NOT IN (
                    SELECT player_id FROM daily_solve WHERE puzzle_date = \(day.description))
                AND NOT EXISTS (
                    SELECT 1 FROM push_sent WHERE key = \(PushSweep.dailyKeyPrefix(day)) || player_id)
                ORDER BY player_id
                """
            ) { row in PlayerID(rawValue: try row("player_id")) }.compactMap { $0 }
        }
    }

    /// Forgets the keys of notices sent before `cutoff`.
    /// - Returns: How many were forgotten.
    func forgetPushesSent(before cutoff: Date) async throws -> Int {
        try await write { try $0.execute("DELETE FROM push_sent WHERE sent_at < \(cutoff)") }
    }
}
