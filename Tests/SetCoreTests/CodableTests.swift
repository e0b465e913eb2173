import Foundation
import SeededRandom
import SetCore
import Testing

/// Games in progress are saved and restored, so everything they hold must survive JSON.
struct CodableTests {
    private func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }

    @Test func aFreshGameRoundTrips() throws {
        var generator = SeededGenerator(seed: 3)
        let game = SetGame(using: &generator, at: moment(0))
        let restored = try roundTrip(game)
        #expect(restored.deck == game.deck)
        #expect(restored.table == game.table)
        #expect(restored.tableChangedAt == game.tableChangedAt)
        #expect(restored.scoring == game.scoring)
    }

    @Test func aGameInProgressRoundTripsAndPlaysOnTheSame() throws {
        var game = try Fixtures.game()
        game.dealThreeMore(at: moment(1))
        for card in Fixtures.set { game.select(card, at: moment(2)) }
        game.revealHint(at: moment(3))
        var restored = try roundTrip(game)
        #expect(restored.selection == game.selection)
        #expect(restored.selectionIsMatch == true)
        #expect(restored.score == game.score)
        #expect(restored.hint == game.hint)
        #expect(restored.missedSets == game.missedSets)
        #expect(restored.discardPile == game.discardPile)
        let other = game.table[8]
        #expect(restored.select(other, at: moment(3)) == game.select(other, at: moment(3)))
        #expect(restored.table == game.table)
    }

    @Test func aTwoPlayerGameRoundTripsWithItsClaim() throws {
        var game = try Fixtures.game(mode: .twoPlayer(TwoPlayerRules(claimTimeLimit: 7)))
        game.dealThreeMore(by: .one, at: moment(1))
        game.claim(by: .two, at: moment(2))
        game.select(Fixtures.set[0], by: .two, at: moment(3))
        let restored = try roundTrip(game)
        #expect(restored.twoPlayer == game.twoPlayer)
        #expect(restored.mode == .twoPlayer(TwoPlayerRules(claimTimeLimit: 7)))
        #expect(restored.scores == game.scores)
    }

    @Test func outcomesPartsRoundTrip() throws {
        let trio = try #require(SetTrio(Fixtures.set[0], Fixtures.set[1], Fixtures.set[2]))
        #expect(try roundTrip(trio) == trio)
        let violations = SetRules.violations(Fixtures.nonSet[0], Fixtures.nonSet[1], Fixtures.nonSet[2])
        #expect(try roundTrip(violations) == violations)
        #expect(try roundTrip(SetHint.match(.set(trio))) == .match(.set(trio)))
        #expect(try roundTrip(SetMoveRejection.lockedOut(until: moment(3))) == .lockedOut(until: moment(3)))
    }

    @Test func aTallyWithClaimsOutOfTimeRoundTrips() throws {
        let tally = SetTally(
            sets: 2, setPoints: 11, wrongSets: 1, wrongSetPenalties: 2, claimsOutOfTime: 3,
            claimOutOfTimePenalties: 4, dealPenalties: 3, hintPenalties: 4)
        #expect(try roundTrip(tally) == tally)
    }

    /// A tally saved before claims out of time were kept reads with none, and one without any is
    /// written as it was then.
    @Test func aTallyWithoutClaimsOutOfTimeIsWrittenAndReadAsBefore() throws {
        let old =
            #"{"dealPenalties":3,"hintPenalties":4,"setPoints":6,"sets":1,"wrongSetPenalties":2,"wrongSets":1}"#
        let tally = try JSONDecoder().decode(SetTally.self, from: Data(old.utf8))
        #expect(
            tally
                == SetTally(
                    sets: 1, setPoints: 6, wrongSets: 1, wrongSetPenalties: 2, dealPenalties: 3,
                    hintPenalties: 4))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(tally), as: UTF8.self) == old)
    }

    @Test func aTrioThatIsNotASetIsRefused() throws {
        let ids = Fixtures.nonSet.map(\.id)
        let data = try JSONEncoder().encode(ids)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SetTrio.self, from: data) }
    }
}
