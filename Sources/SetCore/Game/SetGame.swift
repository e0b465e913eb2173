#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A game of Set for one or two players: deck, table, discard pile, selection and score.
///
/// Every move is a `mutating` method that takes the current time (the model never reads a clock)
/// and returns what happened; a move that is not allowed returns a `.rejected` outcome and changes
/// nothing. These invariants always hold: deck, table and discard pile never share a card (for a
/// shuffled game they are exactly the 81 cards), the selection is on the table, and the discard
/// pile grows only by Sets.
public struct SetGame: Sendable {
    // MARK: - Cards

    /// The cards still to be dealt; `deck.first` is dealt next.
    public internal(set) var deck: [SetCard]
    /// The cards in play, in the order they are laid out.
    public internal(set) var table: [SetCard]
    /// The matched cards, oldest first; always whole Sets.
    public internal(set) var discardPile: [SetCard]
    /// The selected cards (at most three, all on the table), in the order they were touched.
    public internal(set) var selection: [SetCard] = []

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

    /// A new game with a deck shuffled by `generator`, 12 cards dealt.
    ///
    /// - Parameters:
    ///   - generator: The source of the shuffle; a seeded one makes the game repeatable.
    ///   - mode: Solo (the default) or two players.
    ///   - scoring: The point values; ``SetScoring/standard`` by default.
    ///   - now: When the game starts, for the speed bonus.
    public init(
        using generator: inout some RandomNumberGenerator,
        mode: SetGameMode = .solo,
        scoring: SetScoring = .standard,
        at now: Date
    ) {
        let deck = SetCard.shuffledDeck(using: &generator)
        self.init(
            validDeck: Array(deck.dropFirst(Self.standardTableSize)),
            table: Array(deck.prefix(Self.standardTableSize)),
            discardPile: [],
            mode: mode,
            scoring: scoring,
            at: now
        )
    }

    /// A new game shuffled by the system's random number generator, 12 cards dealt.
    public init(mode: SetGameMode = .solo, scoring: SetScoring = .standard, at now: Date) {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator, mode: mode, scoring: scoring, at: now)
    }

    /// A game in exactly this position, for tests and puzzles; nothing is dealt automatically.
    ///
    /// The cards need not make up the whole deck, which makes end games easy to reach, and the
    /// table may hold anything up to all 81 cards.
    /// - Throws: ``SetGameSetupError`` if a card appears twice or the discard pile is not made of
    ///   consecutive Sets.
    public init(
        deck: [SetCard],
        table: [SetCard],
        discardPile: [SetCard] = [],
        mode: SetGameMode = .solo,
        scoring: SetScoring = .standard,
        at now: Date
    ) throws(SetGameSetupError) {
        var seen = CardMask()
        for card in deck + table + discardPile {
            guard !seen.contains(card.id) else { throw .duplicateCard(card) }
            seen.insert(card.id)
        }
        guard Self.isMadeOfSets(discardPile) else { throw .discardPileNotMadeOfSets }
        self.init(
            validDeck: deck, table: table, discardPile: discardPile, mode: mode, scoring: scoring, at: now)
    }

    private init(
        validDeck deck: [SetCard],
        table: [SetCard],
        discardPile: [SetCard],
        mode: SetGameMode,
        scoring: SetScoring,
        at now: Date
    ) {
        self.deck = deck
        self.table = table
        self.discardPile = discardPile
        self.scoring = scoring
        self.tableChangedAt = now
        switch mode {
        case .solo: twoPlayer = nil
        case .twoPlayer(let rules): twoPlayer = TwoPlayerState(rules: rules)
        }
    }

    // MARK: - Reading the game

    /// How many cards a new game deals, and the table size below which matched cards are replaced.
    public static let standardTableSize = 12

    /// The solo player's score (player one's in a two-player game).
    public var score: Int { scores.one }

    /// Whether the game is solo or for two players.
    public var mode: SetGameMode {
        twoPlayer.map { .twoPlayer($0.rules) } ?? .solo
    }

    /// Whether exactly three cards are selected and they are a Set (`nil` with fewer selected).
    public var selectionIsMatch: Bool? {
        guard selection.count == 3 else { return nil }
        return SetRules.isSet(selection[0], selection[1], selection[2])
    }

    /// Why the three selected cards are not a Set; empty unless three non-matching cards are selected.
    public var selectionViolations: [SetViolation] {
        guard selectionIsMatch == false else { return [] }
        return SetRules.violations(selection[0], selection[1], selection[2])
    }

    /// Every Set on the table right now, e.g. to show what was missed when a game is abandoned.
    public var setsOnTable: [SetTrio] { SetRules.allSets(in: table) }

    /// Whether "Deal 3 More Cards" is available: the deck still has cards.
    public var canDealMoreCards: Bool { !deck.isEmpty }

    /// Whether the game is over: the deck is empty and the table holds no Set.
    public var isOver: Bool { deck.isEmpty && !SetRules.containsSet(table) }

    // MARK: - Private

    private static func isMadeOfSets(_ pile: [SetCard]) -> Bool {
        guard pile.count.isMultiple(of: 3) else { return false }
        return stride(from: 0, to: pile.count, by: 3).allSatisfy {
            SetRules.isSet(pile[$0], pile[$0 + 1], pile[$0 + 2])
        }
    }
}

// NB: synthesized conformances must be declared in the type's own file.
extension SetGame: Codable {}

extension SetGame: Hashable {}
