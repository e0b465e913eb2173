import Foundation
import PostgresNIO

extension PostgresStore: PlayerStore {
    func hasUnsignedCookie(_ player: PlayerID) async throws -> Bool {
        let rows = try await query(
            "SELECT 1 FROM player WHERE id = \(player.rawValue) AND unsigned_cookie")
        return try await rows.collect().isEmpty == false
    }

    @discardableResult
    func noteVisit(of player: PlayerID, at now: Date) async throws -> Date {
        let interval = CardTableStore.visitNotingInterval
        let rows = try await query(
            "SELECT coalesce(last_seen_at, created_at) FROM player WHERE id = \(player.rawValue)")
        var lastSeen: Date?
        for try await seen in rows.decode(Date.self) { lastSeen = seen }
        guard let lastSeen, now.timeIntervalSince(lastSeen) >= interval else {
            return (lastSeen ?? now).addingTimeInterval(interval)
        }
        try await query(
            "UPDATE player SET last_seen_at = \(now) WHERE id = \(player.rawValue)")
        return now.addingTimeInterval(interval)
    }

    func sweepPlayers(notSeenSince cutoff: Date) async throws -> Int {
        let rows = try await query(
            """
            WITH gone AS (
                DELETE FROM player WHERE coalesce(last_seen_at, created_at) < \(cutoff)
                    AND id <> \(CardTableStore.sharedThemesOwner) RETURNING 1
            )
            SELECT count(*)::bigint FROM gone
            """)
        var count = 0
        for try await deleted in rows.decode(Int.self) { count = deleted }
        return count
    }
}
