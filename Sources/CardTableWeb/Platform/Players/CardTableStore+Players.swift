import Foundation
import GRDB

extension CardTableStore.Transaction {
    /// When `player`'s last visit was noted (or when they were stored); nil when they are not
    /// stored.
    ///
    /// A player's row is never set aside, since their themes, games and history would go with it
    /// (the foreign keys' cascade): a moment that cannot be read is set to `now` instead, and the
    /// row as it was is copied to the quarantine.
    func lastVisit(of player: PlayerID, at now: Date) throws -> Date? {
        guard let row = try cachedRow("SELECT * FROM player WHERE id = ?", [player.rawValue]) else {
            return nil
        }
        var repairs: [String: SQLValue] = [:]
        var firstError: (any Error)?
        func moment(_ column: String) -> Date? {
            do {
                return try row.decode(Date?.self, forColumn: column)
            } catch {
                repairs[column] = .date(now)
                firstError = firstError ?? error
                return now
            }
        }
        let createdAt = moment("created_at")
        let lastSeenAt = moment("last_seen_at")
        if let firstError {
            try keepRepaired(row, of: PlayerRecord.databaseTableName, repairs, because: firstError)
        }
        return lastSeenAt ?? createdAt ?? now
    }
}

extension CardTableStore {
    /// How often a returning player's last visit is written down: the sweep needs days, not seconds.
    static let visitNotingInterval: TimeInterval = 24 * 60 * 60

    /// Notes that a stored player visited, when their last noted visit is a day old or more. A
    /// player who is not stored stays unstored.
    /// - Returns: When the next visit needs noting (a player stored later is stored as seen then).
    @discardableResult
    public func noteVisit(of player: PlayerID, at now: Date) async throws -> Date {
        let lastSeen = try await read { try $0.lastVisit(of: player, at: now) }
        guard let lastSeen, now.timeIntervalSince(lastSeen) >= Self.visitNotingInterval else {
            return (lastSeen ?? now).addingTimeInterval(Self.visitNotingInterval)
        }
        _ = try await dbWriter.write { db in
            try PlayerRecord.filter(key: player.rawValue).updateAll(
                db, PlayerRecord.Columns.lastSeenAt.set(to: now))
        }
        return now.addingTimeInterval(Self.visitNotingInterval)
    }
}
