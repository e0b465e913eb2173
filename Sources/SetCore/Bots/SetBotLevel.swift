#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How well a computer opponent plays Set: how long it takes to look at a pair of cards, how
/// long it takes to take in a new table, and how often it claims three cards that are not a Set.
///
/// docs/SET.md gives each level's seconds per Set on a first deal, measured with
/// `cardtable simulate bots`, beside what people need.
public enum SetBotLevel: String, CaseIterable, Codable, Hashable, Sendable {
    case beginner, casual, quick, expert

    /// Seconds to take in a changed table before looking for a match.
    public var secondsToTakeInATable: TimeInterval {
        switch self {
        case .beginner: 4
        case .casual: 2.5
        case .quick: 1.5
        case .expert: 1
        }
    }

    /// Seconds to look at one pair of cards and see whether it belongs to a match.
    public var secondsPerLook: TimeInterval {
        switch self {
        case .beginner: 7
        case .casual: 3.2
        case .quick: 1.5
        case .expert: 0.7
        }
    }

    /// The chance that a claim names cards that are not a match, as a hurried person's does.
    public var wrongClaimChance: Double {
        switch self {
        case .beginner: 0.1
        case .casual: 0.02
        case .quick, .expert: 0
        }
    }

    /// How much one search's time varies around its typical value (the log-normal spread).
    static let timeSpread = 0.3
}
