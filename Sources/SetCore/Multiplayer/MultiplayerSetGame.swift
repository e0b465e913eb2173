#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One table of Set shared by up to ``maximumSeats`` players, each on their own screen.
///
/// Players claim Sets whenever they see one; claims are judged in the order the caller makes
/// them (a room judges one at a time), so the first valid claim for a card wins it and a later
/// claim of a card already taken is too late, without penalty. Three more cards are dealt only
/// when every active player asked for them, or, automatically, while the table holds no Set.
/// There is no hint and no speed bonus: with many players they would reward the wrong thing.
///
/// The same invariants as ``SetGame`` hold: deck, table and the players' piles never share a card
/// (for a shuffled game they are exactly the variant's deck) and every pile is made of whole
/// matches; in Set-Chain a reused card is in two Sets, the one it was taken with and the one that
/// reused it.
public struct MultiplayerSetGame: Hashable, Sendable, Codable {
    /// A player's place at the table, `0..<seatCount`.
    public typealias Seat = Int

    /// The most players one table takes.
    public static let maximumSeats = 8
    /// What a valid Set earns.
    public static let pointsPerSet = 1
    /// What a claim of three cards that are not a Set costs.
    public static let wrongSetPenalty = 1

    /// The cards still to be dealt; `deck.first` is dealt next. Never shown to players.
    public internal(set) var deck: [SetCard]
    /// The cards in play, in the order they are laid out.
    public internal(set) var table: [SetCard]
    /// Each seat's matches (Sets, or UltraSets), oldest first.
    public internal(set) var piles: [[SetMatch]]
    /// Each seat's points: a point per Set, less a point per wrong claim.
    public internal(set) var scores: [Int]
    /// The seats that asked for three more cards since the table last changed.
    public internal(set) var dealVotes: Set<Seat> = []
    /// How long the game has been played.
    public internal(set) var clock = SetGameClock()
    /// In Set-Chain, the Set taken last, one card of which the next Set must reuse.
    public internal(set) var previousSet: SetTrio?
    /// The variant as saved; `nil` for a game saved before there was more than one (Normal).
    private var savedVariant: SetVariant?

    // NB: every stored property, the variant saved as `variant`.
    enum CodingKeys: String, CodingKey {
        case deck, table, piles, scores, dealVotes, clock, previousSet
        case savedVariant = "variant"
    }

    /// A game for `seatCount` players with a deck shuffled by `generator`: the variant's
    /// ``SetVariant/tableSize`` cards dealt, and three more while the table holds no match.
    /// - Precondition: `1...maximumSeats` contains `seatCount`.
    public init(
        seatCount: Int, variant: SetVariant = .normal, using generator: inout some RandomNumberGenerator
    ) {
        precondition((1...Self.maximumSeats).contains(seatCount), "A table seats 1 to 8 players.")
        let deck = variant.shuffledDeck(using: &generator)
        self.init(
            validDeck: Array(deck.dropFirst(variant.tableSize)),
            table: Array(deck.prefix(variant.tableSize)), seatCount: seatCount, variant: variant)
    }

    /// A game in exactly this position, for tests; nothing is dealt automatically.
    /// - Throws: ``SetGameSetupError`` if a card appears twice or is not in the variant's deck, or
    ///   there is a previous Set outside Set-Chain.
    public init(
        deck: [SetCard], table: [SetCard], previousSet: SetTrio? = nil, seatCount: Int,
        variant: SetVariant = .normal
    ) throws(SetGameSetupError) {
        precondition((1...Self.maximumSeats).contains(seatCount), "A table seats 1 to 8 players.")
        var seen = CardMask()
        for card in deck + table + (previousSet?.cards ?? []) {
            guard !seen.contains(card.id) else { throw .duplicateCard(card) }
            guard variant.contains(card) else { throw .cardNotInDeck(card) }
            seen.insert(card.id)
        }
        guard previousSet == nil || variant == .chain else { throw .previousSetOutsideSetChain }
        self.deck = deck
        self.table = table
        self.previousSet = previousSet
        savedVariant = variant
        piles = Array(repeating: [], count: seatCount)
        scores = Array(repeating: 0, count: seatCount)
    }

    private init(validDeck deck: [SetCard], table: [SetCard], seatCount: Int, variant: SetVariant) {
        self.deck = deck
        self.table = table
        savedVariant = variant
        piles = Array(repeating: [], count: seatCount)
        scores = Array(repeating: 0, count: seatCount)
        _ = dealWhileNoMatch()
    }

    // MARK: - Reading the game

    /// How many players sit at the table.
    public var seatCount: Int { scores.count }

    /// Which game of Set this is.
    public var variant: SetVariant { savedVariant ?? .normal }

    /// Whether the game is over: the deck is empty and the table holds no match.
    public var isOver: Bool { deck.isEmpty && !variant.hasMatch(onTable: table, after: previousSet) }

    /// Whether `card` may be claimed: it is on the table or, in Set-Chain, in the previous Set.
    public func isInPlay(_ card: SetCard) -> Bool {
        table.contains(card) || previousSet?.contains(card) == true
    }

    /// Who took `card`: the seat whose pile holds it, if any (in Set-Chain, the first to take it).
    public func holder(of card: SetCard) -> Seat? {
        piles.firstIndex { $0.contains { $0.contains(card) } }
    }

    /// The players from best to worst score; equal scores share a rank (1, 1, 3).
    public var ranking: [SeatRanking] {
        let order = scores.indices.sorted { (scores[$0], -$0) > (scores[$1], -$1) }
        return order.map { seat in
            SeatRanking(
                seat: seat, rank: 1 + scores.count { $0 > scores[seat] }, score: scores[seat],
                sets: piles[seat].count)
        }
    }

    // MARK: - Internal

    /// Whether `seat` sits at this table.
    func isSeat(_ seat: Seat) -> Bool { scores.indices.contains(seat) }

    /// Deals three cards at a time while the table holds no match and the deck has cards.
    /// - Returns: The cards dealt.
    mutating func dealWhileNoMatch() -> [SetCard] {
        var dealt: [SetCard] = []
        while !deck.isEmpty, !variant.hasMatch(onTable: table, after: previousSet) {
            dealt += dealThree()
        }
        return dealt
    }

    /// Deals the next three cards (fewer if the deck runs out) to the end of the table.
    mutating func dealThree() -> [SetCard] {
        let cards = Array(deck.prefix(3))
        deck.removeFirst(cards.count)
        table += cards
        dealVotes = []
        return cards
    }
}

/// A player's place in a game's ranking.
public struct SeatRanking: Hashable, Sendable {
    public let seat: MultiplayerSetGame.Seat
    /// 1 for the best score; players with equal scores share a rank.
    public let rank: Int
    public let score: Int
    /// How many Sets the player took.
    public let sets: Int
}

extension MultiplayerSetGame {
    /// Every match on the table right now.
    public var matchesOnTable: [SetMatch] { variant.matches(onTable: table, after: previousSet) }
}
