/// A set of cards as 81 bits of a 128-bit integer: bit `id` is set when card `id` is present.
///
/// Membership tests and inserts are single instructions and the mask never allocates.
struct CardMask: Hashable, Sendable {
    private(set) var bits: UInt128 = 0

    init() {}

    // MARK: - Membership

    /// Whether the card with this id is present.
    func contains(_ id: Int) -> Bool {
        bits & (1 << UInt128(id)) != 0
    }

    /// Adds the card with this id.
    mutating func insert(_ id: Int) {
        bits |= 1 << UInt128(id)
    }
}
