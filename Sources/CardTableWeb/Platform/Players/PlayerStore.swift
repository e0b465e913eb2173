import Foundation

/// Where players are kept: who is stored, when they were last seen, and forgetting those who
/// stopped coming (the SQLite store, or PostgreSQL). A player is stored by their first move (see
/// each game's store); these are the visits and the sweep.
protocol PlayerStore: Sendable {
    /// Whether `player` is stored and was given their cookie before cookies were signed.
    func hasUnsignedCookie(_ player: PlayerID) async throws -> Bool

    /// Notes that a stored player visited, when their last noted visit is a day old or more
    /// (``SQLiteDatabase/visitNotingInterval``). A player who is not stored stays unstored.
    /// - Returns: When the next visit needs noting.
    @discardableResult
    func noteVisit(of player: PlayerID, at now: Date) async throws -> Date

    /// Deletes every player not seen since `cutoff`, with their themes and games.
    /// - Returns: How many players were deleted.
    func sweepPlayers(notSeenSince cutoff: Date) async throws -> Int
}
