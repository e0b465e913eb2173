import Foundation
import MemorizeCore
import PropertyBased
import SeededRandom
import Testing

/// Memorize for several players taking turns: a match goes again, a mismatch passes the turn,
/// a tap out of turn is refused, and absent players are skipped.
@Suite struct TurnBasedMemoryGameTests {
    let start = Date.fixtureStart

    private func table(seats: Int = 3, _ emojis: [String] = ["🐸", "🦊", "🐼"]) -> TurnBasedMemoryGame<String> {
        TurnBasedMemoryGame(MemoryGame.fixture(emojis), seatCount: seats)
    }

    private func ids(_ game: TurnBasedMemoryGame<String>, showing emoji: String) -> [Int] {
        game.game.cards(showing: emoji).map(\.id)
    }

    @Test func aMatchScoresThePairAndTheSamePlayerGoesAgain() {
        var game = table()
        let frogs = ids(game, showing: "🐸")
        let outcome1 = game.choose(cardID: frogs[0], by: 0, at: start)
        #expect(outcome1 == .turnedUp)
        let outcome2 = game.choose(cardID: frogs[1], by: 0, at: start)
        #expect(outcome2 == .matched(goesAgain: true))
        #expect(game.pairs == [1, 0, 0])
        #expect(game.turn == 0)
    }

    @Test func aMismatchStaysUpAndPassesTheTurn() {
        var game = table()
        let (frog, fox) = (ids(game, showing: "🐸")[0], ids(game, showing: "🦊")[0])
        game.choose(cardID: frog, by: 0, at: start)
        let outcome3 = game.choose(cardID: fox, by: 0, at: start)
        #expect(outcome3 == .mismatched(nextTurn: 1))
        #expect(game.game.cards.filter(\.isFaceUp).map(\.id).sorted() == [frog, fox].sorted())
        let outcome4 = game.turnMismatchBack()
        #expect(outcome4)
        #expect(game.game.cards.allSatisfy { !$0.isFaceUp })
        #expect(game.turn == 1)
    }

    @Test func aMismatchTurnsBackOnceItHasShownForTheDelayAndNotBefore() {
        var game = table()
        let (frog, fox) = (ids(game, showing: "🐸")[0], ids(game, showing: "🦊")[0])
        #expect(game.mismatchTurnsBack(after: 1.5) == nil)
        game.choose(cardID: frog, by: 0, at: start)
        game.choose(cardID: fox, by: 0, at: start)
        #expect(game.mismatchTurnsBack(after: 1.5) == start + 1.5)
        // The next player turns the same two cards a second later: a mismatch of their own,
        // which the first one's delay does not turn back.
        game.choose(cardID: frog, by: 1, at: start + 1)
        #expect(game.mismatchTurnsBack(after: 1.5) == nil)
        game.choose(cardID: fox, by: 1, at: start + 1)
        let early = game.turnMismatchBack(shownFor: 1.5, at: start + 1.5)
        #expect(!early)
        #expect(game.isShowingMismatch)
        let due = game.turnMismatchBack(shownFor: 1.5, at: start + 2.5)
        #expect(due)
        #expect(!game.isShowingMismatch)
        #expect(game.mismatchTurnsBack(after: 1.5) == nil)
        let again = game.turnMismatchBack(shownFor: 1.5, at: start + 9)
        #expect(!again, "nothing left to turn")
        #expect(game.turn == 2)
    }

    @Test func aMismatchStoredWithoutItsTimeIsOverdue() throws {
        var game = table()
        game.choose(cardID: ids(game, showing: "🐸")[0], by: 0, at: start)
        game.choose(cardID: ids(game, showing: "🦊")[0], by: 0, at: start)
        // As stored before the time a mismatch showed was kept.
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
        #expect(object.removeValue(forKey: "mismatchShownAt") != nil)
        var stored = try JSONDecoder().decode(
            TurnBasedMemoryGame<String>.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(stored.mismatchTurnsBack(after: 1.5) == .distantPast)
        let turned = stored.turnMismatchBack(shownFor: 1.5, at: start)
        #expect(turned)
    }

    @Test func aTapOutOfTurnIsRefusedAndChangesNothing() {
        var game = table()
        let before = game
        let frog = ids(game, showing: "🐸")[0]
        let outcome5 = game.choose(cardID: frog, by: 1, at: start)
        #expect(outcome5 == .refused(.notYourTurn(0)))
        let outcome6 = game.choose(cardID: frog, by: 3, at: start)
        #expect(outcome6 == .refused(.notASeat))
        let outcome7 = game.choose(cardID: 99, by: 0, at: start)
        #expect(outcome7 == .refused(.noSuchCard))
        #expect(game == before)
        game.choose(cardID: frog, by: 0, at: start)
        let outcome8 = game.choose(cardID: frog, by: 0, at: start)
        #expect(outcome8 == .refused(.cardNotPlayable))
    }

    @Test func theTurnGoesRoundAndBackToTheFirstPlayer() {
        var game = table(seats: 2)
        let (frogs, foxes) = (ids(game, showing: "🐸"), ids(game, showing: "🦊"))
        game.choose(cardID: frogs[0], by: 0, at: start)
        game.choose(cardID: foxes[0], by: 0, at: start)
        game.choose(cardID: frogs[0], by: 1, at: start)
        let outcome9 = game.choose(cardID: foxes[1], by: 1, at: start)
        #expect(outcome9 == .mismatched(nextTurn: 0))
    }

    @Test func anAbsentPlayerIsSkippedAndCanRejoin() {
        var game = table(seats: 3)
        let (frog, fox) = (ids(game, showing: "🐸")[0], ids(game, showing: "🦊")[0])
        game.leave(1)
        game.choose(cardID: frog, by: 0, at: start)
        let outcome10 = game.choose(cardID: fox, by: 0, at: start)
        #expect(outcome10 == .mismatched(nextTurn: 2))
        game.rejoin(1)
        game.choose(cardID: frog, by: 2, at: start)
        let outcome11 = game.choose(cardID: fox, by: 2, at: start)
        #expect(outcome11 == .mismatched(nextTurn: 0))
        game.choose(cardID: frog, by: 0, at: start)
        let outcome12 = game.choose(cardID: fox, by: 0, at: start)
        #expect(outcome12 == .mismatched(nextTurn: 1))
    }

    @Test func leavingInTheMiddleOfATurnTurnsTheCardBackAndPassesTheTurn() {
        var game = table(seats: 3)
        let frog = ids(game, showing: "🐸")[0]
        game.choose(cardID: frog, by: 0, at: start)
        game.leave(0)
        #expect(game.turn == 1)
        #expect(game.game.cards.allSatisfy { !$0.isFaceUp })
        #expect(game.absentSeats == [0])
    }

    @Test func whenEveryoneElseIsGoneTheOneWhoRejoinsPlays() {
        var game = table(seats: 2)
        game.leave(1)
        game.leave(0)
        #expect(game.turn == 0, "nobody is left to pass to")
        game.rejoin(1)
        #expect(game.turn == 1)
    }

    @Test func theEndNamesTheLeadersTiesIncluded() {
        var game = table(seats: 2, ["🐸", "🦊"])
        #expect(game.leaders.isEmpty)
        let (frogs, foxes) = (ids(game, showing: "🐸"), ids(game, showing: "🦊"))
        game.choose(cardID: frogs[0], by: 0, at: start)
        game.choose(cardID: foxes[0], by: 0, at: start)
        game.choose(cardID: foxes[0], by: 1, at: start)
        let outcome13 = game.choose(cardID: foxes[1], by: 1, at: start)
        #expect(outcome13 == .matched(goesAgain: true))
        game.choose(cardID: frogs[0], by: 1, at: start)
        let outcome14 = game.choose(cardID: frogs[1], by: 1, at: start)
        #expect(outcome14 == .matched(goesAgain: false))
        #expect(game.isOver)
        #expect(game.leaders == [1])
        let outcome15 = game.choose(cardID: frogs[0], by: 1, at: start)
        #expect(outcome15 == .refused(.gameOver))

        var tie = table(seats: 2, ["🐸", "🦊"])
        let (tieFrogs, tieFoxes) = (ids(tie, showing: "🐸"), ids(tie, showing: "🦊"))
        tie.choose(cardID: tieFrogs[0], by: 0, at: start)
        tie.choose(cardID: tieFrogs[1], by: 0, at: start)
        tie.choose(cardID: tieFoxes[0], by: 0, at: start)
        #expect(tie.turn == 0)
        tie.leave(0)
        tie.choose(cardID: tieFoxes[0], by: 1, at: start)
        tie.choose(cardID: tieFoxes[1], by: 1, at: start)
        #expect(tie.leaders == [0, 1])
    }

    @Test func onlyThePlayerWhoseTurnItIsChangesTheGame() async {
        let moves = Gen.int(in: 0...10_000).array(of: 0...120)
        await propertyCheck(
            count: 150, input: Gen.int(in: 1...8), Gen.int(in: 1...10), Gen.uint64(in: 0...UInt64.max), moves
        ) {
            seats, pairs, seed, moves in
            var generator = SeededGenerator(seed: seed)
            let cards = MemoryGame(numberOfPairsOfCards: pairs, using: &generator) { $0 }
            var game = TurnBasedMemoryGame(cards, seatCount: seats)
            for (step, move) in moves.enumerated() {
                let seat = move % seats
                let before = game
                switch move % 13 {
                case 0: game.leave(seat)
                case 1: game.rejoin(seat)
                default:
                    let card = game.game.cards[move / 13 % game.game.cards.count]
                    let outcome = game.choose(cardID: card.id, by: seat, at: start + Double(step))
                    if seat != before.turn {
                        #expect(game == before)
                        if case .refused = outcome {
                        } else {
                            Issue.record("\(seat) played in \(before.turn)'s turn")
                        }
                    }
                }
                let matched = game.game.cards.count(where: \.isMatched)
                #expect(game.pairs.reduce(0, +) * 2 == matched)
                #expect((game.mismatchShownAt != nil) == game.isShowingMismatch)
                if game.absentSeats.count < seats {
                    #expect(!game.absentSeats.contains(game.turn) || before.turn == game.turn)
                }
            }
        }
    }

    @Test func aGameReadsBackAsItWasSaved() throws {
        var game = table()
        game.choose(cardID: ids(game, showing: "🐸")[0], by: 0, at: start)
        game.choose(cardID: ids(game, showing: "🦊")[0], by: 0, at: start)
        game.leave(2)
        let data = try JSONEncoder().encode(game)
        #expect(try JSONDecoder().decode(TurnBasedMemoryGame<String>.self, from: data) == game)
    }
}
