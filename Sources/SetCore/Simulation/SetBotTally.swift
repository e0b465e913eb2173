#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What computer opponents did over many games (``SetBotMatch``), before it is summarized.
struct SetBotTally {
    var games = 0
    /// The games' lengths added up, in seconds of play.
    var seconds: TimeInterval = 0
    var levels: [SetBotLevel: LevelTally] = [:]

    /// One level's moves.
    struct LevelTally {
        /// Every claim the level planned: the seconds it took to find its match.
        var secondsToFind: [TimeInterval] = []
        /// The same, on first deals only.
        var secondsToFindOnFirstDeal: [TimeInterval] = []
        var matchesTaken = 0
        var wrongClaims = 0

        mutating func record(secondsToFind seconds: TimeInterval, onFirstDeal: Bool) {
            secondsToFind.append(seconds)
            if onFirstDeal { secondsToFindOnFirstDeal.append(seconds) }
        }
    }
}
