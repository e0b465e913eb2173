#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A player's claim to have seen a Set: only they may select cards until ``deadline``.
public struct SetClaim: Codable, Hashable, Sendable {
    /// Who claimed.
    public let player: SetPlayer
    /// When the claim times out.
    public let deadline: Date
    /// Whether a miss or timeout is free, because the claim was made during the player's grace period.
    public let isPenaltyFree: Bool
}
