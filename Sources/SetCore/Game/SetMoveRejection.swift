#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why a move did nothing.
public enum SetMoveRejection: Error, Codable, Hashable, Sendable {
    /// The card is not on the table.
    case cardNotOnTable
    /// The deck is empty, so no cards can be dealt.
    case deckEmpty
    /// The game is over.
    case gameOver
    /// The move names player two, or claims, in a solo game.
    case notATwoPlayerGame
    /// In a two-player game, selecting cards needs a claim.
    case claimRequired
    /// Someone (possibly the mover) already holds the claim.
    case tableClaimed(by: SetPlayer)
    /// The player missed or timed out recently and may not claim yet.
    case lockedOut(until: Date)
    /// The other player has the table to themselves after this player dealt.
    case gracePeriod(for: SetPlayer, until: Date)
}
