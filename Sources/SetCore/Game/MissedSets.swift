#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The matches that were on the table when a player dealt three more cards instead of finding one.
public struct MissedSets: Codable, Hashable, Sendable {
    /// Every match on the table just before the deal: Sets, or UltraSets in that variant.
    public let matches: [SetMatch]
    /// Who dealt.
    public let player: SetPlayer
    /// When.
    public let date: Date

    // NB: saved as `sets`, the name kept from when every match was a Set.
    private enum CodingKeys: String, CodingKey {
        case matches = "sets"
        case player, date
    }
}
