/// What the passing of time did to a game.
public enum TickOutcome: Hashable, Sendable {
    /// Nothing expired that changes the game.
    case unchanged
    /// The claimer ran out of time and lost `penalty` points.
    case claimTimedOut(SetPlayer, penalty: Int)
}
