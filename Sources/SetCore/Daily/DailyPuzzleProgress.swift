#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One player's go at a daily puzzle: the Sets found so far (in the order found), the wrong trios
/// tried, and the clock, which starts when the player starts (at the latest at the first claim)
/// and stops at the sixth Set.
public struct DailyPuzzleProgress: Hashable, Sendable, Codable {
    /// The puzzle's date.
    public let date: PuzzleDate
    /// The Sets found, in the order they were found.
    public private(set) var found: [SetTrio] = []
    /// Trios claimed that were not Sets (they cost nothing but time).
    public private(set) var wrongTries = 0
    /// From the start to the claim that found the last Set.
    public private(set) var clock = SetGameClock()

    /// A go at the puzzle of `date`, nothing claimed yet.
    public init(date: PuzzleDate) {
        self.date = date
    }

    /// Whether all six Sets have been found.
    public var isSolved: Bool { found.count == DailySetPuzzle.setCount }

    /// Starts the clock, if it has not started: the cards are on show from `now`.
    public mutating func start(at now: Date) {
        if clock.startedAt == nil { clock.record(moveAt: now, endingTheGame: false) }
    }

    /// Claims that `cards` form a Set of `puzzle` (which must be this progress's date's).
    /// - Returns: What the claim did; only ``DailyClaimOutcome/found(_:)`` and
    ///   ``DailyClaimOutcome/notASet(_:)`` change the progress.
    public mutating func claim(_ cards: [SetCard], of puzzle: DailySetPuzzle, at now: Date)
        -> DailyClaimOutcome
    {
        precondition(puzzle.date == date, "a claim on \(puzzle.date)'s puzzle for \(date)'s progress")
        guard !isSolved else { return .alreadySolved }
        guard cards.count == 3, Set(cards).count == 3, cards.allSatisfy(puzzle.cards.contains) else {
            return .notThreeCardsOfThePuzzle
        }
        guard let trio = SetTrio(cards[0], cards[1], cards[2]) else {
            wrongTries += 1
            clock.record(moveAt: now, endingTheGame: false)
            return .notASet(SetRules.violations(cards[0], cards[1], cards[2]))
        }
        guard !found.contains(trio) else { return .alreadyFound(trio) }
        found.append(trio)
        clock.record(moveAt: now, endingTheGame: isSolved)
        return .found(trio)
    }
}

/// What claiming three cards of a daily puzzle did.
public enum DailyClaimOutcome: Hashable, Sendable {
    /// A Set not found before: it is listed now (the sixth solves the puzzle).
    case found(SetTrio)
    /// A Set already found; nothing changes.
    case alreadyFound(SetTrio)
    /// Not a Set; the violations say why. Counted as a wrong try.
    case notASet([SetViolation])
    /// Not three distinct cards of the puzzle; nothing changes.
    case notThreeCardsOfThePuzzle
    /// The puzzle is already solved; nothing changes.
    case alreadySolved
}
