import Foundation
import PostgresNIO

extension PostgresStore: PlayerStore {
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
}
