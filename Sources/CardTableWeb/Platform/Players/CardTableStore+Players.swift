import Foundation
import GRDB

extension CardTableStore.Transaction {
    /// Writes the player's row unless it is there: called by every save, since a player is only
    /// stored once they do something worth keeping.
    func ensurePlayer(_ player: PlayerID, at now: Date) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie)
                VALUES (?, ?, ?, 0, 0) ON CONFLICT (id) DO NOTHING
                """
        ).execute(arguments: [player.rawValue, now, now])
    }
}

extension CardTableStore {
    /// How often a returning player's last visit is written down: the sweep needs days, not seconds.
    static let visitNotingInterval: TimeInterval = 24 * 60 * 60

    /// Whether `player` is stored and was given their cookie before cookies were signed.
    public func hasUnsignedCookie(_ player: PlayerID) async throws -> Bool {
        try await dbWriter.read { db in
            try PlayerRecord.filter(key: player.rawValue).filter(PlayerRecord.Columns.unsignedCookie == true)
                .fetchCount(db) > 0
        }
    }

    /// Notes that a stored player visited, when their last noted visit is a day old or more. A
    /// player who is not stored stays unstored.
    /// - Returns: When the next visit needs noting (a player stored later is stored as seen then).
    @discardableResult
    public func noteVisit(of player: PlayerID, at now: Date) async throws -> Date {
        let lastSeen = try await dbWriter.read { db in
            try PlayerRecord.filter(key: player.rawValue).fetchOne(db).map { $0.lastSeenAt ?? $0.createdAt }
        }
        guard let lastSeen, now.timeIntervalSince(lastSeen) >= Self.visitNotingInterval else {
            return (lastSeen ?? now).addingTimeInterval(Self.visitNotingInterval)
        }
        _ = try await dbWriter.write { db in
            try PlayerRecord.filter(key: player.rawValue).updateAll(
                db, PlayerRecord.Columns.lastSeenAt.set(to: now))
        }
        return now.addingTimeInterval(Self.visitNotingInterval)
    }

    /// Deletes every player not seen since `cutoff`, with their themes and games.
    /// - Returns: how many players were deleted.
    public func sweepPlayers(notSeenSince cutoff: Date) async throws -> Int {
        try await dbWriter.write { db in
            try db.execute(
                sql: """
                    DELETE FROM player WHERE coalesce(last_seen_at, created_at) < ? AND id <> ?
                    """,
                arguments: [cutoff, Self.sharedThemesOwner])
            return db.changesCount
        }
    }
}
