#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Sets that were on the table when a player dealt three more cards instead of finding one.
public struct MissedSets: Codable, Hashable, Sendable {
    /// Every Set on the table just before the deal.
    public let sets: [SetTrio]
    /// Who dealt.
    public let player: SetPlayer
    /// When.
    public let date: Date
}
