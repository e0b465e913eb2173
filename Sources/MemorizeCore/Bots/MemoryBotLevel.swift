#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How well a computer opponent plays Memorize: how much of what it saw it keeps, and how long
/// it takes over a card.
public enum MemoryBotLevel: String, CaseIterable, Codable, Hashable, Sendable {
    case beginner, casual, quick, expert

    /// The chance that the bot forgets a card it remembers, drawn for each card at each of its turns.
    public var forgetChance: Double {
        switch self {
        case .beginner: 0.5
        case .casual: 0.3
        case .quick: 0.15
        case .expert: 0.03
        }
    }

    /// The typical seconds the bot takes before turning a card.
    public var secondsPerCard: TimeInterval {
        switch self {
        case .beginner: 2.2
        case .casual: 1.6
        case .quick: 1.1
        case .expert: 0.8
        }
    }
}
