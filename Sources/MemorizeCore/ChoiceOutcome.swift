/// What choosing a card did, so a page can announce it.
public enum ChoiceOutcome: Hashable, Sendable, Codable {
    /// The card was matched or already face up: nothing changed.
    case ignored
    /// The card was turned face up on its own, waiting for a second card.
    case turnedUp
    /// The card matched the other face-up card, earning these points (bonus included).
    case matched(points: Int)
    /// The card did not match; `penalty` points were lost for already-seen cards (0, 1 or 2).
    case mismatched(penalty: Int)
}
