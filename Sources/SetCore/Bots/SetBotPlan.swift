#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a computer opponent will do at a table, and how long after the table last changed.
public struct SetBotPlan: Hashable, Sendable {
    /// The move.
    public let move: Move
    /// Seconds from the table's last change to the move.
    public let delay: TimeInterval

    /// A bot's move.
    public enum Move: Hashable, Sendable {
        /// Claims these cards: a match, or (``isWrong``) cards it took for one.
        case claim([SetCard], isWrong: Bool)
        /// Asks for more cards: it looked at every pair and found no match.
        case voteToDeal
    }
}
