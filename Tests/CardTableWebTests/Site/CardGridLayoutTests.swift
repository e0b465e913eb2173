import Testing

@testable import CardTableWeb

@Suite struct CardGridLayoutTests {
    /// The width of 2:3 cards in a board `aspectRatio` wide and 1 high.
    static func cardWidth(count: Int, columns: Int, aspectRatio: Double) -> Double {
        let rows = (count + columns - 1) / columns
        return min(aspectRatio / Double(columns), CardGridLayout.cardRatio.value / Double(rows))
    }

    @Test(arguments: 1...60)
    func theChosenShapeMakesTheLargestCardsOnEveryBoard(count: Int) {
        let layout = CardGridLayout(cardCount: count)
        for step in 1...400 {
            let aspectRatio = Double(step) / 40
            let shape = layout.shape(forAspectRatio: aspectRatio)
            #expect(shape.rows == (count + shape.columns - 1) / shape.columns)
            let best = (1...count).map { Self.cardWidth(count: count, columns: $0, aspectRatio: aspectRatio) }
                .max()!
            let chosen = Self.cardWidth(count: count, columns: shape.columns, aspectRatio: aspectRatio)
            #expect(abs(chosen - best) < 1e-12, "\(count) cards, ratio \(aspectRatio)")
        }
    }

    @Test func sixteenCardsGetOneRulePerShape() {
        let layout = CardGridLayout(cardCount: 16)
        #expect(layout.shapes.map(\.columns) == [1, 2, 3, 4, 6, 8, 16])
        #expect(layout.shapes.map(\.rows) == [16, 8, 6, 4, 3, 2, 1])
        #expect(
            layout.stylesheet == """
                .card-grid { --columns: 4; --rows: 4; }
                @container (aspect-ratio < 4 / 48) { .card-grid { --columns: 1; --rows: 16; } }
                @container (aspect-ratio >= 4 / 48) { .card-grid { --columns: 2; --rows: 8; } }
                @container (aspect-ratio >= 6 / 24) { .card-grid { --columns: 3; --rows: 6; } }
                @container (aspect-ratio >= 8 / 18) { .card-grid { --columns: 4; --rows: 4; } }
                @container (aspect-ratio >= 12 / 12) { .card-grid { --columns: 6; --rows: 3; } }
                @container (aspect-ratio >= 16 / 9) { .card-grid { --columns: 8; --rows: 2; } }
                @container (aspect-ratio >= 32 / 6) { .card-grid { --columns: 16; --rows: 1; } }
                """)
    }

    @Test(arguments: [0, 1])
    func tinyGamesHaveOneShape(count: Int) {
        let layout = CardGridLayout(cardCount: count)
        #expect(layout.shapes == [CardGridLayout.Shape(columns: 1, rows: 1, fromAspectRatio: nil)])
        #expect(
            layout.stylesheet == """
                .card-grid { --columns: 1; --rows: 1; }
                """)
    }

    @Test func theSetTableSetsItsGapAndMinimumCardWidth() {
        let layout = CardGridLayout.setTable(cardCount: 21)
        #expect(layout.shapes == CardGridLayout(cardCount: 21).shapes)
        #expect(
            layout.stylesheet.hasSuffix(
                """
                .card-grid { --gap: 5px; }
                .card-grid { --card-minimum: 44px; }
                @media (min-width: 600px) and (min-height: 600px) { .card-grid { --card-minimum: 60px; } }
                """))
    }

    @Test(arguments: [(12, 7), (15, 7), (18, 5), (24, 5), (27, 4), (81, 4)])
    func theSetTableTightensItsGapAsItFills(count: Int, gap: Int) {
        #expect(
            CardGridLayout.setTable(cardCount: count).stylesheet.contains(".card-grid { --gap: \(gap)px; }"))
    }
}
