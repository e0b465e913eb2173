/// One card of the Set page's JSON, as far as the tests read it.
struct SetCardJSON: Decodable {
    /// One symbol drawn on the card (the tests only count them).
    struct Symbol: Decodable {}

    /// The engine's card id, 0..<81.
    let id: Int
    let label: String
    let classes: String
    let isHinted: Bool
    let symbols: [Symbol]
}
