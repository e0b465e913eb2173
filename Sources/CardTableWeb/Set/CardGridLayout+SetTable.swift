import CardTableBasics

extension CardGridLayout {
    /// The Set table's layout: tighter gaps as the table fills up, and cards never narrower
    /// than their symbols stay recognizable at (44 px on a phone, 60 px on a tablet); below
    /// that the board scrolls.
    static func setTable(cardCount: Int) -> CardGridLayout {
        setTables.value(for: cardCount) { cardCount in
            let gap = cardCount > 24 ? 4 : cardCount > 15 ? 5 : 7
            return CardGridLayout(
                cardCount: cardCount, gap: gap,
                minimumCardWidth: MinimumCardWidth(smallScreen: 44, largeScreen: 60),
                stylesheetFolder: "set-grid"
            )
        }
    }

    /// The layouts worked out so far, by card count (forgotten all at once when full).
    private static let setTables = Memo<Int, CardGridLayout>(capacity: 128)
}
