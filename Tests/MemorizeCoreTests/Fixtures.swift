import Foundation
import MemorizeCore
import SeededRandom

extension MemoryGame where CardContent == String {
    /// A seeded game with one pair per emoji, in a shuffled but repeatable order.
    static func fixture(_ emojis: [String], speedBonus: SpeedBonus? = nil, seed: UInt64 = 1) -> Self {
        var generator = SeededGenerator(seed: seed)
        return MemoryGame(
            numberOfPairsOfCards: emojis.count,
            speedBonus: speedBonus,
            using: &generator,
            cardContentFactory: { emojis[$0] }
        )
    }

    /// The cards showing `emoji`, in layout order (there are two).
    func cards(showing emoji: String) -> [Card] {
        cards.filter { $0.content == emoji }
    }

    /// Chooses two cards one after the other at the same moment.
    @discardableResult
    mutating func flip(_ first: Card, _ second: Card, at time: Date = .fixtureStart) -> ChoiceOutcome {
        choose(first, at: time)
        return choose(second, at: time)
    }
}

extension MemoryGame {
    /// The current state of `card`.
    func current(_ card: Card) -> Card {
        cards.first { $0.id == card.id }!
    }
}

extension Date {
    /// A fixed moment for tests that need a clock.
    static let fixtureStart = Date(timeIntervalSinceReferenceDate: 800_000_000)
}

enum Fixtures {
    /// `count` different emoji (up to about 300), in code point order.
    static func distinctEmoji(_ count: Int) -> [String] {
        let scalars = (0x1F300...0x1FAFF).lazy.compactMap(Unicode.Scalar.init)
            .filter(\.properties.isEmojiPresentation)
        return Array(scalars.prefix(count).map { String($0) })
    }
}
