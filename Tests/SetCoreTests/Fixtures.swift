import Foundation
import SetCore
import SetTestSupport

// MARK: - Times

/// A fixed clock for tests: `moment(0)` is the start of every game, `moment(5)` five seconds later.
func moment(_ seconds: TimeInterval) -> Date {
    Date(timeIntervalSinceReferenceDate: 1_000_000 + seconds)
}

// MARK: - Tables

enum Fixtures {
    /// The 16 cards with no feature at its third value. They hold no Set, since an all-different
    /// feature would need the third value.
    static let cardsWithoutSet = SetCard.allCards.filter { card in
        SetCardFeature.allCases.allSatisfy { card[$0] != .third }
    }

    /// A Set.
    static let set = SetCard.codes("1111 2222 3333")
    /// Three cards that are not a Set: the numbers and colors are two-and-one.
    static let nonSet = SetCard.codes("1111 2221 1232")

    /// A 12-card table starting with ``set`` at positions 0–2 and ``nonSet``'s last two cards at 3–4.
    static let table: [SetCard] = {
        var table = set + Array(nonSet.dropFirst())
        for card in SetCard.allCards where table.count < 12 && !table.contains(card) {
            table.append(card)
        }
        return table
    }()

    /// Every card not in `cards`, in id order.
    static func deck(without cards: [SetCard]) -> [SetCard] {
        SetCard.allCards.filter { !cards.contains($0) }
    }

    /// A solo game on ``table`` with the other 69 cards in the deck, started at `moment(0)`.
    static func game(mode: SetGameMode = .solo) throws -> SetGame {
        try SetGame(deck: deck(without: table), table: table, mode: mode, at: moment(0))
    }

    /// A game whose table is ``cardsWithoutSet``'s first 12 cards, and whose deck starts with
    /// ``set``'s missing cards so that dealing creates a Set.
    static func gameWithoutSet(mode: SetGameMode = .solo) throws -> SetGame {
        let table = Array(cardsWithoutSet.prefix(12))
        let completing = SetRules.completingCard(for: table[0], and: table[1])
        let deck = [completing] + deck(without: table + [completing])
        return try SetGame(deck: deck, table: table, mode: mode, at: moment(0))
    }
}
