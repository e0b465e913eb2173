/// What "Deal 3 More Cards" did.
public enum DealOutcome: Hashable, Sendable {
    /// These cards joined the end of the table; `penalty` points were lost because a Set was there.
    case dealt([SetCard], penalty: Int)
    /// A matched Set was selected: it was cleared exactly as a touch would clear it, and nothing
    /// more was dealt.
    case clearedMatch(SetTrio)
    /// Nothing happened.
    case rejected(SetMoveRejection)
}
