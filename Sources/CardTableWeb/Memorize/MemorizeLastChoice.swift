import MemorizeCore

/// The most recent card a player chose and what choosing it did.
public struct MemorizeLastChoice: Hashable, Sendable, Codable {
    /// The engine's id of the card (stored only; pages name cards by place).
    public var cardID: Int
    public var outcome: ChoiceOutcome

    public init(cardID: Int, outcome: ChoiceOutcome) {
        self.cardID = cardID
        self.outcome = outcome
    }
}
