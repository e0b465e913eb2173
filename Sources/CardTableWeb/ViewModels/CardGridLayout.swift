/// How many columns and rows of cards fit the screen best, for a portrait and a landscape
/// screen; the stylesheet picks one by orientation and sizes the cards (2:3) to fit.
struct CardGridLayout: Encodable, Sendable {
    let portraitColumns: Int
    let landscapeColumns: Int
    /// `style` text for the grid.
    let cssVariables: String

    init(cardCount: Int) {
        let count = max(1, cardCount)
        portraitColumns = Self.bestColumns(for: count, screenAspect: 0.6)
        landscapeColumns = Self.bestColumns(for: count, screenAspect: 1.9)
        let portraitRows = (count + portraitColumns - 1) / portraitColumns
        let landscapeRows = (count + landscapeColumns - 1) / landscapeColumns
        cssVariables =
            "--portrait-columns: \(portraitColumns); --portrait-rows: \(portraitRows); "
            + "--landscape-columns: \(landscapeColumns); --landscape-rows: \(landscapeRows);"
    }

    /// The column count that makes 2:3 cards largest in a box of the given width/height ratio.
    static func bestColumns(for count: Int, screenAspect: Double) -> Int {
        var best = (columns: 1, width: 0.0)
        for columns in 1...count {
            let rows = Double((count + columns - 1) / columns)
            // Card width when the box is 1 wide and 1/screenAspect high.
            let width = min(1 / Double(columns), (1 / screenAspect) / rows * 2 / 3)
            if width > best.width + 1e-9 {
                best = (columns, width)
            }
        }
        return best.columns
    }
}
