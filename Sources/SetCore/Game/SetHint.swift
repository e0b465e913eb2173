/// What a hint revealed (extra credit 6).
public enum SetHint: Codable, Hashable, Sendable {
    /// A Set that is on the table.
    case set(SetTrio)
    /// The table holds no Set: dealing three more cards costs nothing.
    case noSet
}
