/// What a hint revealed (extra credit 6).
public enum SetHint: Codable, Hashable, Sendable {
    /// A match that can be taken now: a Set, or an UltraSet.
    case match(SetMatch)
    /// The table holds no match: dealing three more cards costs nothing.
    case noSet

    // NB: saved as `set`, the name this case had when every match was a Set.
    private enum CodingKeys: String, CodingKey {
        case match = "set"
        case noSet
    }
}
