/// Why a game cannot start from the given cards.
public enum SetGameSetupError: Error, Hashable, Sendable {
    /// The card appears more than once among deck, table and discard pile.
    case duplicateCard(SetCard)
    /// The discard pile must be made of whole matches, in order (three cards at a time, four in
    /// UltraSet).
    case discardPileNotMadeOfSets
    /// The card is not in the variant's deck (Junior's cards are all solid).
    case cardNotInDeck(SetCard)
    /// Only Set-Chain has a previous Set.
    case previousSetOutsideSetChain
}
