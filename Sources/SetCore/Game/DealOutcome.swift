/// What "Deal 3 More Cards" did.
public enum DealOutcome: Hashable, Sendable {
    /// These cards joined the end of the table. When Sets were on the table before the deal, they
    /// are `missed` (also added to ``SetGame/missedSets``) and cost `penalty` points; otherwise
    /// `missed` is `nil` and `penalty` is 0.
    case dealt([SetCard], penalty: Int, missed: MissedSets?)
    /// A matched Set was selected: it was cleared exactly as a touch would clear it, and nothing
    /// more was dealt.
    case clearedMatch(SetMatch)
    /// Nothing happened.
    case rejected(SetMoveRejection)
}
