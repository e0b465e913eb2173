#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The time a player has the table to themselves after their opponent dealt three more cards.
public struct SetGracePeriod: Codable, Hashable, Sendable {
    /// The player who may claim and deal, without penalty for a miss.
    public let player: SetPlayer
    /// When the grace period ends.
    public let end: Date
}
