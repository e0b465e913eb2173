import SeededRandom

/// The daily Set puzzle: twelve cards holding exactly six Sets, the same for everyone on a date.
///
/// The cards come from the date alone: a generator seeded with the date's day number draws twelve
/// distinct cards, and draws again until a draw holds exactly ``setCount`` Sets. Each draw takes
/// its cards by index into the cards not yet drawn (written out here rather than left to the
/// standard library), so a date gives the same puzzle on every Swift version.
public struct DailySetPuzzle: Hashable, Sendable {
    /// Cards on the table.
    public static let cardCount = 12
    /// Sets to find among them.
    public static let setCount = 6

    public let date: PuzzleDate
    /// The twelve cards, in the order they are laid out.
    public let cards: [SetCard]

    /// The puzzle of `date`.
    public init(date: PuzzleDate) {
        self.date = date
        var generator = SeededGenerator(seed: Self.seed(for: date))
        var cards = Self.draw(using: &generator)
        while SetRules.allSets(in: cards).count != Self.setCount {
            cards = Self.draw(using: &generator)
        }
        self.cards = cards
    }

    /// The six Sets, in the order ``SetRules/allSets(in:)`` finds them.
    public var sets: [SetTrio] { SetRules.allSets(in: cards) }

    // MARK: - Private

    /// A seed of the date alone, spread so that neighbouring days share nothing.
    private static func seed(for date: PuzzleDate) -> UInt64 {
        0xDA17_5E70_0000_0000 ^ UInt64(date.daysSince1970)
    }

    private static func draw(using generator: inout SeededGenerator) -> [SetCard] {
        var remaining = SetCard.allCards
        var drawn: [SetCard] = []
        for _ in 0..<cardCount {
            let index = Int(generator.next() % UInt64(remaining.count))
            drawn.append(remaining.remove(at: index))
        }
        return drawn
    }
}
