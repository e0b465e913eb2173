#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The simulation bot for variants other than Normal: it plays a real ``SetGame``, taking a match
/// chosen uniformly at random among all matches in play while there is one and dealing three
/// cards when there is none, until the game is over.
///
/// Slower than ``SetBotTable`` (which plays Normal only), but it cannot drift from the game's
/// rules, since they are the game's own.
struct SetVariantBot {
    let variant: SetVariant

    /// Plays one game.
    func playGame(using generator: inout some RandomNumberGenerator) -> SimulatedGameResult {
        // NB: the bot's game takes no time; every move happens at the same instant.
        let now = Date(timeIntervalSinceReferenceDate: 0)
        var game = SetGame(using: &generator, variant: variant, at: now)
        var matches = game.matchesOnTable
        var result = SimulatedGameResult(
            firstDealSets: matches.count, largestTable: game.table.count, cardsLeftAtEnd: 0, setsFound: 0)
        while !game.isOver {
            if matches.isEmpty {
                game.dealThreeMore(at: now)
                result.largestTable = max(result.largestTable, game.table.count)
            } else {
                let match = matches[Int.random(in: 0..<matches.count, using: &generator)]
                for card in match.cards { game.select(card, at: now) }
                if game.selectionIsMatch == true { _ = game.clearMatchedSelection(at: now) }
                result.setsFound += 1
            }
            matches = game.matchesOnTable
        }
        result.cardsLeftAtEnd = game.table.count
        return result
    }
}
