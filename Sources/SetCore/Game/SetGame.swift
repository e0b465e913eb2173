#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A game of Set for one or two players: deck, table, discard pile, selection and score, in any
/// ``SetVariant``.
///
/// Every move is a `mutating` method that takes the current time (the model never reads a clock)
/// and returns what happened; a move that is not allowed returns a `.rejected` outcome and changes
/// nothing. These invariants always hold: deck, table, discard pile and previous Set never share a
/// card (for a shuffled game they are exactly the variant's deck), the selection is on the table
/// or in the previous Set, and the discard pile grows only by whole matches, except in Set-Chain,
/// where a Set's cards wait in ``previousSet`` and only those not reused are discarded.
public struct SetGame: Sendable {
    // MARK: - Cards

    /// The cards still to be dealt; `deck.first` is dealt next.
    public internal(set) var deck: [SetCard]
    /// The cards in play, in the order they are laid out.
    public internal(set) var table: [SetCard]
    /// The matched cards, oldest first: whole matches, except in Set-Chain (the cards of each
    /// previous Set that the next one did not reuse).
    public internal(set) var discardPile: [SetCard]
    /// The selected cards (at most ``SetVariant/cardsPerMatch``, on the table or, in Set-Chain, one
    /// of the previous Set), in the order they were touched.
    public internal(set) var selection: [SetCard] = []
    /// In Set-Chain, the Set taken last: the next Set must reuse exactly one of its cards. `nil`
    /// before the first Set and in the other variants.
    public internal(set) var previousSet: SetTrio?

    // MARK: - Rules

    /// The variant as saved; `nil` for a game saved before there was more than one (Normal).
    private var savedVariant: SetVariant?

    // MARK: - Scoring

    /// How points are won and lost.
    public let scoring: SetScoring
    /// Each player's points; a solo game uses only ``PlayerPair/one``, also available as ``score``.
    public internal(set) var scores: PlayerPair<Int> = PlayerPair(both: 0)
    /// When the table last changed; a match's speed bonus counts from here.
    public internal(set) var tableChangedAt: Date
    /// The hint revealed for the current table, until the table changes.
    public internal(set) var hint: SetHint?
    /// The Sets that were on the table each time three cards were dealt needlessly, oldest first.
    public internal(set) var missedSets: [MissedSets] = []
    /// What each player's points are made of; `nil` for a game saved before it was kept.
    public internal(set) var tallies: PlayerPair<SetTally>? = PlayerPair(both: SetTally())

    // MARK: - Time

    /// How long the game has been played; `nil` for a game saved before the clock was kept.
    public internal(set) var clock: SetGameClock? = SetGameClock()

    // MARK: - Two players

    /// Claims, grace periods and lockouts; `nil` in a solo game.
    public internal(set) var twoPlayer: TwoPlayerState?

    // MARK: - Starting a game

    /// A new game with a deck shuffled by `generator`, the variant's ``SetVariant/tableSize`` cards
    /// dealt.
    ///
    /// - Parameters:
    ///   - generator: The source of the shuffle; a seeded one makes the game repeatable.
    ///   - variant: Which game of Set; Normal by default.
    ///   - mode: Solo (the default) or two players.
    ///   - scoring: The point values; ``SetScoring/standard`` by default.
    ///   - now: When the game starts, for the speed bonus.
    public init(
        using generator: inout some RandomNumberGenerator,
        variant: SetVariant = .normal,
        mode: SetGameMode = .solo,
        scoring: SetScoring = .standard,
        at now: Date
    ) {
        let deck = variant.shuffledDeck(using: &generator)
        self.init(
            validDeck: Array(deck.dropFirst(variant.tableSize)),
            table: Array(deck.prefix(variant.tableSize)),
            discardPile: [],
            previousSet: nil,
            variant: variant,
            mode: mode,
            scoring: scoring,
            at: now
        )
    }

    /// A new game shuffled by the system's random number generator.
    public init(
        variant: SetVariant = .normal, mode: SetGameMode = .solo, scoring: SetScoring = .standard,
        at now: Date
    ) {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator, variant: variant, mode: mode, scoring: scoring, at: now)
    }

    /// A game in exactly this position, for tests and puzzles; nothing is dealt automatically.
    ///
    /// The cards need not make up the whole deck, which makes end games easy to reach, and the
    /// table may hold anything up to all 81 cards.
    /// - Throws: ``SetGameSetupError`` if a card appears twice, is not in the variant's deck, or the
    ///   discard pile is not made of consecutive matches (Set-Chain's may hold any cards).
    public init(
        deck: [SetCard],
        table: [SetCard],
        discardPile: [SetCard] = [],
        previousSet: SetTrio? = nil,
        variant: SetVariant = .normal,
        mode: SetGameMode = .solo,
        scoring: SetScoring = .standard,
        at now: Date
    ) throws(SetGameSetupError) {
        var seen = CardMask()
        for card in deck + table + discardPile + (previousSet?.cards ?? []) {
            guard !seen.contains(card.id) else { throw .duplicateCard(card) }
            guard variant.contains(card) else { throw .cardNotInDeck(card) }
            seen.insert(card.id)
        }
        guard previousSet == nil || variant == .chain else { throw .previousSetOutsideSetChain }
        guard variant == .chain || Self.isMadeOfMatches(discardPile, in: variant) else {
            throw .discardPileNotMadeOfSets
        }
        self.init(
            validDeck: deck, table: table, discardPile: discardPile, previousSet: previousSet,
            variant: variant, mode: mode, scoring: scoring, at: now)
    }

    private init(
        validDeck deck: [SetCard],
        table: [SetCard],
        discardPile: [SetCard],
        previousSet: SetTrio?,
        variant: SetVariant,
        mode: SetGameMode,
        scoring: SetScoring,
        at now: Date
    ) {
        self.deck = deck
        self.table = table
        self.discardPile = discardPile
        self.previousSet = previousSet
        self.savedVariant = variant
        self.scoring = scoring
        self.tableChangedAt = now
        switch mode {
        case .solo: twoPlayer = nil
        case .twoPlayer(let rules): twoPlayer = TwoPlayerState(rules: rules)
        }
    }

    // MARK: - Reading the game

    /// How many cards a new game of Normal Set deals; see ``SetVariant/tableSize``.
    public static let standardTableSize = 12

    /// Which game of Set this is.
    public var variant: SetVariant { savedVariant ?? .normal }

    /// The solo player's score (player one's in a two-player game).
    public var score: Int { scores.one }

    /// Whether the game is solo or for two players.
    public var mode: SetGameMode {
        twoPlayer.map { .twoPlayer($0.rules) } ?? .solo
    }

    /// The match the selected cards make, if a whole match's worth is selected and it is one.
    public var selectionMatch: SetMatch? {
        guard selection.count == variant.cardsPerMatch else { return nil }
        return variant.match(selection, after: previousSet)
    }

    /// Whether a whole match's worth of cards is selected and they match (`nil` with fewer).
    public var selectionIsMatch: Bool? {
        guard selection.count == variant.cardsPerMatch else { return nil }
        return selectionMatch != nil
    }

    /// Why three selected cards are not a Set; empty unless a non-matching selection is complete,
    /// and empty too when the reason is the variant's own (see ``SetVariant/violations(_:)``).
    public var selectionViolations: [SetViolation] {
        guard selectionIsMatch == false else { return [] }
        return variant.violations(selection)
    }

    /// Every match on the table right now, e.g. to show what was missed when a game is abandoned.
    public var matchesOnTable: [SetMatch] { variant.matches(onTable: table, after: previousSet) }

    /// Whether `card` may be selected: it is on the table or, in Set-Chain, in the previous Set.
    public func isInPlay(_ card: SetCard) -> Bool {
        table.contains(card) || previousSet?.contains(card) == true
    }

    /// Whether "Deal 3 More Cards" is available: the deck still has cards.
    public var canDealMoreCards: Bool { !deck.isEmpty }

    /// Whether the game is over: the deck is empty and the table holds no match.
    public var isOver: Bool { deck.isEmpty && !variant.hasMatch(onTable: table, after: previousSet) }

    // MARK: - Private

    private static func isMadeOfMatches(_ pile: [SetCard], in variant: SetVariant) -> Bool {
        let size = variant.cardsPerMatch
        guard pile.count.isMultiple(of: size) else { return false }
        return stride(from: 0, to: pile.count, by: size).allSatisfy {
            variant.match(Array(pile[$0..<$0 + size])) != nil
        }
    }
}

// NB: synthesized conformances must be declared in the type's own file.
extension SetGame: Codable {
    // NB: every stored property, the variant saved as `variant`.
    enum CodingKeys: String, CodingKey {
        case deck, table, discardPile, selection, previousSet
        case savedVariant = "variant"
        case scoring, scores, tableChangedAt, hint, missedSets, tallies, clock, twoPlayer
    }
}

extension SetGame: Hashable {}
