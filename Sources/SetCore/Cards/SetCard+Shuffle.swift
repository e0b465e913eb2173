// MARK: - Shuffling

extension SetCard {
    /// The 81 cards in random order.
    ///
    /// A plain Fisher–Yates shuffle written out here (rather than the standard library's `shuffle`)
    /// so that a seeded generator gives the same deck on every Swift version; the simulation uses
    /// the same steps.
    public static func shuffledDeck(using generator: inout some RandomNumberGenerator) -> [SetCard] {
        var ids = Array(UInt8(0)..<UInt8(deckSize))
        shuffle(&ids, using: &generator)
        return ids.map { SetCard(uncheckedID: Int($0)) }
    }

    /// Shuffles card ids in place with Fisher–Yates, last position first.
    static func shuffle(_ ids: inout [UInt8], using generator: inout some RandomNumberGenerator) {
        var position = ids.count - 1
        while position > 0 {
            let other = Int.random(in: 0...position, using: &generator)
            ids.swapAt(position, other)
            position -= 1
        }
    }
}
