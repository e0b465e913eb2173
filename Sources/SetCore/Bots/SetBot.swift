#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A computer opponent for Set. It sees only the table every player sees (its cards, and in
/// Set-Chain the previous Set) and finds a match the way a person does, by looking at pairs of
/// cards in random order (``SetTableSearch``): the time it takes grows with the number of pairs
/// and shrinks with the number of matches, at the pace of its ``SetBotLevel``. When the table
/// holds no match it asks for more cards once it has looked at every pair.
///
/// A bot plans afresh whenever the table changes; the plan depends only on the table, the
/// level and the generator, so a seeded generator makes a bot's play exact.
public struct SetBot: Hashable, Sendable, Codable {
    /// How well it plays.
    public let level: SetBotLevel

    public init(level: SetBotLevel) {
        self.level = level
    }

    /// What the bot does at this table, and how long after the table changed.
    public func plan(
        table: [SetCard], variant: SetVariant, after previousSet: SetTrio? = nil,
        using generator: inout some RandomNumberGenerator
    ) -> SetBotPlan {
        let search = SetTableSearch(table: table, variant: variant, previousSet: previousSet)
        let found = search.search(using: &generator)
        let searching =
            Double(found.looks) * level.secondsPerLook
            * generator.logNormalFactor(spread: SetBotLevel.timeSpread)
        let delay = level.secondsToTakeInATable + searching
        guard let match = found.match else { return SetBotPlan(move: .voteToDeal, delay: delay) }
        if Double.random(in: 0..<1, using: &generator) < level.wrongClaimChance,
            let mistake = Self.nearMiss(
                of: match, table: table, variant: variant, after: previousSet, using: &generator)
        {
            return SetBotPlan(move: .claim(mistake, isWrong: true), delay: delay)
        }
        return SetBotPlan(move: .claim(match.cards, isWrong: false), delay: delay)
    }

    // MARK: - Private

    /// A person's mistake: `match` with one card swapped for another table card, so that the
    /// cards are no match; `nil` when no swap makes one.
    private static func nearMiss(
        of match: SetMatch, table: [SetCard], variant: SetVariant, after previousSet: SetTrio?,
        using generator: inout some RandomNumberGenerator
    ) -> [SetCard]? {
        let cards = match.cards
        let swapped = Int.random(in: 0..<cards.count, using: &generator)
        let candidates = table.filter { card in
            guard !cards.contains(card) else { return false }
            var claim = cards
            claim[swapped] = card
            return variant.match(claim, after: previousSet) == nil
        }
        guard let replacement = candidates.randomElement(using: &generator) else { return nil }
        var claim = cards
        claim[swapped] = replacement
        return claim
    }
}
