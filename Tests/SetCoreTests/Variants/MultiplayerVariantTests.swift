import PropertyBased
import SeededRandom
import SetCore
import SetTestSupport
import Testing

/// Each variant at a shared table: claims of the variant's matches, Set-Chain's previous Set,
/// and dealing while no match is left.
struct MultiplayerVariantTests {
    @Test(arguments: SetVariant.allCases)
    func playersTakingRandomMatchesFinishWithEveryCardAccountedFor(variant: SetVariant) async {
        await propertyCheck(count: 30, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var generator = SeededGenerator(seed: seed)
            var game = MultiplayerSetGame(seatCount: 2, variant: variant, using: &generator)
            #expect(game.variant == variant)
            #expect(game.table.count >= variant.tableSize)
            var claims = 0
            while !game.isOver, claims < 100 {
                #expect(!game.matchesOnTable.isEmpty, "a table without a match is dealt to at once")
                guard let match = game.matchesOnTable.randomElement(using: &generator) else { break }
                let seat = claims % 2
                guard
                    case .scored(let scored, points: 1, _, _) = game.claim(
                        match.cards, by: seat, at: moment(0))
                else {
                    Issue.record("A match in play should score.")
                    return
                }
                #expect(scored == match)
                if variant == .chain { #expect(game.previousSet == match.trio) }
                claims += 1
            }
            #expect(game.isOver)
            let taken = Set(game.piles.flatMap { $0.flatMap(\.cards) })
            #expect(taken.union(game.table).union(game.deck) == Set(variant.cards))
            #expect(game.piles.joined().count == claims)
            #expect(game.piles.joined().allSatisfy { $0.cards.count == variant.cardsPerMatch })
        }
    }

    @Test func anUltraSetClaimNamesFourCards() throws {
        var generator = SeededGenerator(seed: 5)
        var game = MultiplayerSetGame(seatCount: 2, variant: .ultra, using: &generator)
        let ultra = try #require(game.matchesOnTable.first)
        #expect(
            game.claim(Array(ultra.cards.prefix(3)), by: 0, at: moment(1)) == .rejected(.wrongNumberOfCards))
        let notUltra = Array(ultra.cards.prefix(3)) + [try #require(game.table.first { !ultra.contains($0) })]
        if UltraSet(notUltra) == nil {
            #expect(game.claim(notUltra, by: 1, at: moment(1)) == .notASet([], penalty: 1))
        }
        guard case .scored(.ultra, points: 1, _, _) = game.claim(ultra.cards, by: 0, at: moment(2)) else {
            Issue.record("Four cards of an UltraSet should score.")
            return
        }
    }

    @Test func aClaimReusingACardOfAReplacedPreviousSetIsTooLate() throws {
        // 1211 3233 make a Set with 2222; 1311 3133 make one with 2222 too; 1112 1113 with 1111.
        let table = SetCard.codes("1111 2222 3333 1211 3233 1311 3133 1112 1113")
        var game = try MultiplayerSetGame(deck: [], table: table, seatCount: 2, variant: .chain)
        guard case .scored = game.claim(SetCard.codes("1111 2222 3333"), by: 1, at: moment(0)),
            case .scored = game.claim(SetCard.codes("1211 2222 3233"), by: 0, at: moment(1))
        else {
            Issue.record("A first Set, then a chained Set, should score.")
            return
        }
        // Seat 1 chose from the old previous Set; 1111 has left play with it.
        #expect(game.claim(SetCard.codes("1111 1112 1113"), by: 1, at: moment(2)) == .tooLate(takenBy: 0))
        // 2222 is in the new previous Set, so it can be reused again.
        guard case .scored = game.claim(SetCard.codes("1311 2222 3133"), by: 1, at: moment(3)) else {
            Issue.record("2222 is in play again through the new previous Set.")
            return
        }
        #expect(game.scores == [1, 2])
    }
}
