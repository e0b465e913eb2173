/// What asking for a hint did.
public enum HintOutcome: Hashable, Sendable {
    /// The hint is showing; `cost` points were paid for it (none when it was already showing).
    case revealed(SetHint, cost: Int)
    /// Nothing happened.
    case rejected(SetMoveRejection)
}
