import Foundation
import PropertyBased
import SeededRandom
import SetCore
import SetTestSupport
import Testing

/// A shared table gives each player a reaction time: a claim naming a card that reached its
/// player less than ``MultiplayerSetGame/reactionTime`` before (or not at all) is "the table
/// changed"; any other claim is judged as a claim.
@Suite struct MultiplayerReactionTimeTests {
    private static let reaction = MultiplayerSetGame.reactionTime

    private func game() throws -> MultiplayerSetGame {
        try MultiplayerSetGame(
            deck: Fixtures.deck(without: Fixtures.table), table: Fixtures.table, seatCount: 2)
    }

    /// Three cards of ``Fixtures/table`` that are no Set.
    private static let wrong = [Fixtures.table[0], Fixtures.table[3], Fixtures.table[4]]

    @Test(arguments: [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.599])
    func aCardThatArrivedWithinTheReactionTimeMakesAnyClaimOfItFree(delay: TimeInterval) throws {
        var game = try game()
        let before = game
        let arrivals: [SetCard: CardArrival] = [Fixtures.table[4]: .at(moment(10))]
        #expect(
            game.claim(Self.wrong, by: 0, at: moment(10 + delay), arrivals: arrivals)
                == .tableChanged(unseen: [Fixtures.table[4]]))
        let newInSet: [SetCard: CardArrival] = [Fixtures.set[1]: .at(moment(10))]
        #expect(
            game.claim(Fixtures.set, by: 0, at: moment(10 + delay), arrivals: newInSet)
                == .tableChanged(unseen: [Fixtures.set[1]]))
        #expect(game == before)
    }

    @Test(arguments: [0.601, 0.61, 1, 30])
    func aCardInViewForTheReactionTimeIsJudged(delay: TimeInterval) throws {
        var game = try game()
        let arrivals: [SetCard: CardArrival] = [
            Fixtures.table[4]: .at(moment(10)), Fixtures.set[1]: .at(moment(10)),
        ]
        guard
            case .notASet(_, penalty: 1) = game.claim(
                Self.wrong, by: 0, at: moment(10 + delay), arrivals: arrivals)
        else {
            Issue.record("A wrong claim of cards in view for \(delay) s costs its point")
            return
        }
        #expect(game.claim(Fixtures.set, by: 1, at: moment(10 + delay), arrivals: arrivals).isScored)
        #expect(game.scores == [-1, 1])
    }

    @Test func aCardNotYetSentIsUnseenHoweverLongAgoItWasDealt() throws {
        var game = try game()
        let arrivals: [SetCard: CardArrival] = [Fixtures.table[3]: .notYet]
        #expect(
            game.claim(Self.wrong, by: 0, at: moment(1_000), arrivals: arrivals)
                == .tableChanged(unseen: [Fixtures.table[3]]))
    }

    @Test func onlyTheClaimsOwnCardsCount() throws {
        var game = try game()
        // Every other card on the table is brand new: the claim names none of them.
        var arrivals: [SetCard: CardArrival] = [:]
        for card in Fixtures.table where !Self.wrong.contains(card) { arrivals[card] = .notYet }
        guard case .notASet = game.claim(Self.wrong, by: 0, at: moment(5), arrivals: arrivals) else {
            Issue.record("Cards the claim does not name do not make it free")
            return
        }
    }

    /// On random tables, with random arrivals for random claims: a claim is "the table changed"
    /// exactly when one of its cards arrived less than the reaction time before (or not yet), and
    /// otherwise does what the same claim does with every card long in view.
    @Test func aClaimIsFreeExactlyWhenOneOfItsCardsIsNew() async {
        let arrivalCodes = Gen.int(in: 0...20).array(of: 3)
        await propertyCheck(
            count: 300, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 0...999), arrivalCodes
        ) { seed, pick, codes in
            var generator = SeededGenerator(seed: seed)
            let game = MultiplayerSetGame(seatCount: 2, using: &generator)
            let now = moment(100)
            let sets = game.matchesOnTable
            let cards =
                pick % 2 == 0
                ? sets[pick % sets.count].cards
                : (0..<3).map { game.table[(pick / 2 + $0 * 5) % game.table.count] }
            guard Set(cards).count == 3 else { return }
            // Code 0: not sent yet; otherwise arrived (code - 1) × 0.1 + 0.05 s before the claim
            // (never at the reaction time itself, where a Date's rounding would decide).
            let age = { (code: Int) in Double(code - 1) * 0.1 + 0.05 }
            var arrivals: [SetCard: CardArrival] = [:]
            for (card, code) in zip(cards, codes) {
                arrivals[card] = code == 0 ? .notYet : .at(now - age(code))
            }
            let isNew = codes.contains { $0 == 0 || age($0) < Self.reaction }
            var judged = game
            var timed = game
            let expected = judged.claim(cards, by: 1, at: now)
            let outcome = timed.claim(cards, by: 1, at: now, arrivals: arrivals)
            if isNew {
                guard case .tableChanged(let unseen) = outcome else {
                    Issue.record("A claim with a new card was judged: \(outcome)")
                    return
                }
                #expect(!unseen.isEmpty && unseen.allSatisfy(cards.contains))
                #expect(timed == game)
            } else {
                #expect(outcome == expected)
                #expect(timed == judged)
            }
        }
    }
}
