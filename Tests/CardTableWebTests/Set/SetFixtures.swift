import SetCore
import SetTestSupport

/// Cards and positions the Set page tests start from.
enum SetFixtures {
    /// One red solid diamond, one green solid diamond, one purple solid diamond: a Set.
    static let set = SetCard.codes("1111 1112 1113")

    /// Cards among which no three make a Set (a cap of 16 cards; it shares cards with ``set``).
    static let cap: [SetCard] = {
        var cards: [SetCard] = []
        for card in SetCard.allCards where !SetRules.containsSet(cards + [card]) {
            cards.append(card)
        }
        return cards
    }()

    /// 14 cards that, together with ``set``, hold ``set`` as their only Set.
    static let companions: [SetCard] = {
        var cards: [SetCard] = []
        for card in SetCard.allCards where !set.contains(card) {
            if SetRules.allSets(in: set + cards + [card]).count == 1 { cards.append(card) }
        }
        return cards
    }()

    /// Twelve cards holding no Set.
    static let noSetTable = Array(cap.prefix(12))
}
