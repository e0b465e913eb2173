/// A lean Set table for the simulation bot: card ids and table positions in reusable buffers.
///
/// It plays by exactly the rules of ``SetGame`` (same shuffle, same Set order, same replacement rule),
/// so a seeded bot game here and the same moves made on a `SetGame` end the same way. Buffers are
/// allocated once per instance, never per move.
struct SetBotTable {
    private var deck = [UInt8](repeating: 0, count: SetCard.deckSize)
    private var nextCardInDeck = 0
    /// The card ids on the table, in order.
    private var cards: [UInt8] = []
    /// `positions[id]` is where card `id` lies on the table, or -1 when it is not on the table.
    private var positions = [Int8](repeating: -1, count: SetCard.deckSize)
    /// The Sets found by the latest scan, each packed as its three table positions in one `UInt32`.
    private var sets = [UInt32](repeating: 0, count: Self.mostSets)

    /// 81 cards hold 1080 Sets, so no table holds more.
    private static let mostSets = 1080

    init() {
        cards.reserveCapacity(SetCard.deckSize)
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
                takeSet(at: sets[Int.random(in: 0..<setCount, using: &generator)])
                result.setsFound += 1
            }
            setCount = scanForSets(completing: completingIDs)
        }
        result.cardsLeftAtEnd = cards.count
        return result
    }

    // MARK: - Private

    private mutating func startGame(using generator: inout some RandomNumberGenerator) {
        for card in cards { positions[Int(card)] = -1 }
        cards.removeAll(keepingCapacity: true)
        for id in deck.indices { deck[id] = UInt8(id) }
        SetCard.shuffle(&deck, using: &generator)
        nextCardInDeck = 0
        for _ in 0..<SetGame.standardTableSize { cards.append(drawCard(to: cards.count)) }
    }

    /// Takes the next card from the deck for table position `position`.
    private mutating func drawCard(to position: Int) -> UInt8 {
        let card = deck[nextCardInDeck]
        nextCardInDeck += 1
        positions[Int(card)] = Int8(position)
        return card
    }

    private mutating func dealThree() {
        for _ in 0..<min(3, deck.count - nextCardInDeck) { cards.append(drawCard(to: cards.count)) }
    }

    /// Finds every Set on the table, in the order of ``SetRules/allSets(in:)``: by the positions of
    /// their first two cards, keeping a pair only when its completing card lies further on.
    /// - Returns: How many there are; they are at the start of `sets`.
    private mutating func scanForSets(completing completingIDs: UnsafeBufferPointer<UInt8>) -> Int {
        cards.withUnsafeBufferPointer { cards in
            positions.withUnsafeBufferPointer { positions in
                sets.withUnsafeMutableBufferPointer { sets in
                    var found = 0
                    for firstIndex in 0..<cards.count {
                        let row = Int(cards[firstIndex]) * SetCard.deckSize
                        for secondIndex in (firstIndex + 1)..<cards.count {
                            let third = Int(completingIDs[row + Int(cards[secondIndex])])
                            let thirdIndex = Int(positions[third])
                            if thirdIndex > secondIndex {
                                sets[found] =
                                    UInt32(firstIndex) | UInt32(secondIndex) << 8 | UInt32(thirdIndex) << 16
                                found += 1
                            }
                        }
                    }
                    return found
                }
            }
        }
    }

    /// Removes the Set at these packed, ascending table positions, refilling them from the deck
    /// while the table would hold fewer than 12 cards and removing the rest.
    private mutating func takeSet(at packedPositions: UInt32) {
        let setPositions = (
            Int(packedPositions & 0xFF), Int(packedPositions >> 8 & 0xFF), Int(packedPositions >> 16 & 0xFF)
        )
        positions[Int(cards[setPositions.0])] = -1
        positions[Int(cards[setPositions.1])] = -1
        positions[Int(cards[setPositions.2])] = -1
        let remaining = cards.count - 3
        let replacements = min(3, deck.count - nextCardInDeck, max(0, SetGame.standardTableSize - remaining))
        if replacements > 0 { cards[setPositions.0] = drawCard(to: setPositions.0) }
        if replacements > 1 { cards[setPositions.1] = drawCard(to: setPositions.1) }
        if replacements > 2 { cards[setPositions.2] = drawCard(to: setPositions.2) }
        guard replacements < 3 else { return }
        // NB: remove from the back so the earlier positions stay valid, then renumber what moved.
        if replacements < 3 { cards.remove(at: setPositions.2) }
        if replacements < 2 { cards.remove(at: setPositions.1) }
        if replacements < 1 { cards.remove(at: setPositions.0) }
        let firstMoved =
            replacements == 0 ? setPositions.0 : replacements == 1 ? setPositions.1 : setPositions.2
        for position in firstMoved..<cards.count { positions[Int(cards[position])] = Int8(position) }
    }
}
