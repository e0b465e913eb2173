/// A set of cards as 81 bits of a 128-bit integer: bit `id` is set when card `id` is present.
///
/// Membership tests and inserts are single instructions and the mask never allocates, which is what
/// the Set-finding loops need.
struct CardMask: Hashable, Sendable {
    private(set) var bits: UInt128 = 0

    init() {}

    init(_ cards: some Sequence<SetCard>) {
        for card in cards { insert(card.id) }
    }

    // MARK: - Membership

    /// Whether the card with this id is present.
    func contains(_ id: Int) -> Bool {
        bits & (1 << UInt128(id)) != 0
    }

    /// Adds the card with this id.
    mutating func insert(_ id: Int) {
        bits |= 1 << UInt128(id)
    }

    /// Removes the card with this id.
    mutating func remove(_ id: Int) {
        bits &= ~(1 << UInt128(id))
    }

    /// How many cards are present.
    var count: Int { bits.nonzeroBitCount }
}
