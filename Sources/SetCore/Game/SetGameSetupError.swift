/// Why a game cannot start from the given cards.
public enum SetGameSetupError: Error, Hashable, Sendable {
    /// The card appears more than once among deck, table and discard pile.
    case duplicateCard(SetCard)
    /// The discard pile must be made of whole Sets, in order, three cards at a time.
    case discardPileNotMadeOfSets
}
