import CardTableBasics

extension CardGridLayout {
    /// The layout of a grid of `cardCount` cards with `app.css`'s spacing (Memorize's), worked
    /// out once per card count.
    static func grid(cardCount: Int) -> CardGridLayout {
        grids.value(for: cardCount) { CardGridLayout(cardCount: $0) }
    }

    /// The layouts worked out so far, by card count (forgotten all at once when full).
    private static let grids = Memo<Int, CardGridLayout>(capacity: 128)
}
