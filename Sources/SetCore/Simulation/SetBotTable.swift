/// A lean Set table for the simulation bot: card ids in reusable buffers and a presence bitmask.
///
/// It plays by exactly the rules of ``SetGame`` (same shuffle, same Set order, same replacement rule),
/// so a seeded bot game here and the same moves made on a `SetGame` end the same way. Buffers are
/// allocated once per instance, never per move.
struct SetBotTable {
    private var deck = [UInt8](repeating: 0, count: SetCard.deckSize)
    private var nextCardInDeck = 0
    private var cards: [UInt8] = []
    private var present: UInt128 = 0
    /// The Sets found by the latest scan, each packed as three card ids in one `UInt32`.
    private var sets: [UInt32] = []

    init() {
        cards.reserveCapacity(SetCard.deckSize)
        // NB: 81 cards hold at most 1080 Sets, so the buffer never grows.
        sets.reserveCapacity(1080)
    }

    // MARK: - Playing

    /// Plays one game: the bot takes a uniformly random Set while there is one, and deals three
    /// cards when there is none, until the deck is empty and the table holds no Set.
    mutating func playGame(
        using generator: inout some RandomNumberGenerator,
        completing completingIDs: UnsafeBufferPointer<UInt8>
    ) -> SimulatedGameResult {
        startGame(using: &generator)
        var setCount = scanForSets(completing: completingIDs)
        var result = SimulatedGameResult(
            firstDealSets: setCount, largestTable: cards.count, cardsLeftAtEnd: 0, setsFound: 0)
        while true {
            if setCount == 0 {
                guard nextCardInDeck < deck.count else { break }
                dealThree()
                result.largestTable = max(result.largestTable, cards.count)
            } else {
                takeSet(sets[Int.random(in: 0..<setCount, using: &generator)])
                result.setsFound += 1
            }
            setCount = scanForSets(completing: completingIDs)
        }
        result.cardsLeftAtEnd = cards.count
        return result
    }

    // MARK: - Private

    private mutating func startGame(using generator: inout some RandomNumberGenerator) {
        for id in deck.indices { deck[id] = UInt8(id) }
        SetCard.shuffle(&deck, using: &generator)
        nextCardInDeck = 0
        cards.removeAll(keepingCapacity: true)
        present = 0
        for _ in 0..<SetGame.standardTableSize { cards.append(drawCard()) }
    }

    private mutating func drawCard() -> UInt8 {
        let card = deck[nextCardInDeck]
        nextCardInDeck += 1
        present |= 1 << UInt128(card)
        return card
    }

    private mutating func dealThree() {
        for _ in 0..<min(3, deck.count - nextCardInDeck) { cards.append(drawCard()) }
    }

    /// Finds every Set on the table, pair by pair, in the order of ``SetRules/allSets(in:)``.
    /// - Returns: How many there are; they are in `sets`.
    private mutating func scanForSets(completing completingIDs: UnsafeBufferPointer<UInt8>) -> Int {
        sets.removeAll(keepingCapacity: true)
        let count = cards.count
        var firstIndex = 0
        while firstIndex < count {
            let first = Int(cards[firstIndex])
            let row = first * SetCard.deckSize
            var secondIndex = firstIndex + 1
            while secondIndex < count {
                let second = Int(cards[secondIndex])
                let third = Int(completingIDs[row + second])
                if third > first, third > second, present & (1 << UInt128(third)) != 0 {
                    sets.append(UInt32(first) | UInt32(second) << 8 | UInt32(third) << 16)
                }
                secondIndex += 1
            }
            firstIndex += 1
        }
        return sets.count
    }

    /// Removes a Set, refilling its positions from the deck while the table would hold fewer than 12.
    private mutating func takeSet(_ packed: UInt32) {
        let first = UInt8(packed & 0xFF)
        let second = UInt8(packed >> 8 & 0xFF)
        let third = UInt8(packed >> 16 & 0xFF)
        // The Set's table positions, in ascending order.
        var positions = (-1, -1, -1)
        for index in cards.indices {
            let card = cards[index]
            guard card == first || card == second || card == third else { continue }
            if positions.0 < 0 {
                positions.0 = index
            } else if positions.1 < 0 {
                positions.1 = index
            } else {
                positions.2 = index
                break
            }
        }
        present &= ~(1 << UInt128(first) | 1 << UInt128(second) | 1 << UInt128(third))
        let remaining = cards.count - 3
        let replacements = min(3, deck.count - nextCardInDeck, max(0, SetGame.standardTableSize - remaining))
        if replacements > 0 { cards[positions.0] = drawCard() }
        if replacements > 1 { cards[positions.1] = drawCard() }
        if replacements > 2 { cards[positions.2] = drawCard() }
        // NB: remove from the back so the earlier positions stay valid.
        if replacements < 3 { cards.remove(at: positions.2) }
        if replacements < 2 { cards.remove(at: positions.1) }
        if replacements < 1 { cards.remove(at: positions.0) }
    }
}
