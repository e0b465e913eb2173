import Foundation
import SetCore

/// A player's go at one day's puzzle as stored: the engine's progress and what their last claim
/// did (for the page to say after its redirect).
struct DailyPlay: Hashable, Sendable {
    var progress: DailyPuzzleProgress
    var lastClaim: DailyLastClaim?
}

/// What the last claim on a daily puzzle did, kept with the cards it named; why a trio was not a
/// Set is worked out again from its cards.
struct DailyLastClaim: Hashable, Sendable, Codable {
    enum Outcome: String, Hashable, Sendable, Codable {
        case found
        case alreadyFound = "already-found"
        case notASet = "not-a-set"
        case notThreeCards = "not-three-cards"
        case alreadySolved = "already-solved"
    }

    /// The card ids claimed, in the order sent.
    let cards: [Int]
    let outcome: Outcome

    init(cards: [SetCard], outcome: DailyClaimOutcome) {
        self.cards = cards.map(\.id)
        self.outcome =
            switch outcome {
            case .found: .found
            case .alreadyFound: .alreadyFound
            case .notASet: .notASet
            case .notThreeCardsOfThePuzzle: .notThreeCards
            case .alreadySolved: .alreadySolved
            }
    }

    /// What the page says about it.
    var message: String {
        let cards = self.cards.compactMap(SetCard.init(id:))
        let described = cards.map(SetVocabulary.describe).joined(separator: ", ")
        switch outcome {
        case .found:
            return "A Set: \(described)."
        case .alreadyFound:
            return "Found already: \(described)."
        case .notASet:
            guard cards.count == 3 else { return "Not a Set." }
            return "Not a Set: \(SetVocabulary.explain(SetRules.violations(cards[0], cards[1], cards[2])))."
        case .notThreeCards:
            return "Choose three different cards of the puzzle."
        case .alreadySolved:
            return "All six Sets are found already."
        }
    }
}

/// The first solve of a day's puzzle: what counts for stats and streaks, whatever replays do.
struct DailySolve: Hashable, Sendable {
    let date: PuzzleDate
    let seconds: Double
    let wrongTries: Int
    let solvedAt: Date

    /// A solve as both databases keep it.
    /// - Throws: ``UnreadablePuzzleDate`` when its date is not a day.
    init(storedDate: String, milliseconds: Int64, wrongTries: Int, solvedAt: Date) throws {
        guard let date = PuzzleDate(storedDate) else { throw UnreadablePuzzleDate(text: storedDate) }
        self.init(
            date: date, seconds: TimeInterval(storedMilliseconds: milliseconds), wrongTries: wrongTries,
            solvedAt: solvedAt)
    }

    init(date: PuzzleDate, seconds: Double, wrongTries: Int, solvedAt: Date) {
        (self.date, self.seconds, self.wrongTries, self.solvedAt) = (date, seconds, wrongTries, solvedAt)
    }

    /// Whether it was solved on the puzzle's own day (UTC), which is what keeps a streak going.
    var isOnItsDay: Bool { PuzzleDate(day: solvedAt) == date }
}

/// A stored puzzle date that is not a day (`YYYY-MM-DD`).
struct UnreadablePuzzleDate: Error, CustomStringConvertible {
    let text: String
    var description: String { "puzzle_date \(text) is not a day" }
}

extension PuzzleDate {
    /// The day (UTC) `moment` falls on.
    init(day moment: Date) {
        self.init(daysSince1970: Int((moment.timeIntervalSince1970 / 86_400).rounded(.down)))
    }
}
