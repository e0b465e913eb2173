/// What touching a card did.
public enum SelectionOutcome: Hashable, Sendable {
    /// The card joined the selection (after clearing a mismatched trio, if one was selected).
    case selected(SetCard)
    /// The card left the selection; only possible with one or two cards selected.
    case deselected(SetCard)
    /// The card completed a Set, which stays selected until the next touch or deal.
    case matched(SetMatch, points: Int)
    /// The card completed three cards that are not a Set, for these reasons.
    case mismatched([SetViolation], penalty: Int)
    /// A previously matched Set went to the discard pile; then the touched card was selected, or
    /// nothing was when the touched card was one of the Set.
    case clearedMatch(SetMatch, thenSelected: SetCard?)
    /// Nothing happened.
    case rejected(SetMoveRejection)
}
