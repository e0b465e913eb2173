import PropertyBased
import SeededRandom
import SetCore
import Testing

/// Properties that hold in every game, whatever is touched, dealt or asked.
struct SetGameInvariantTests {
    /// Checks the invariants of `game`, which started from a full shuffled deck.
    static func checkInvariants(of game: SetGame, comparedWith previous: SetGame? = nil) {
        let allCards = game.deck + game.table + game.discardPile
        #expect(allCards.count == 81)
        #expect(Set(allCards) == Set(SetCard.allCards))
        #expect(game.selection.count <= 3)
        #expect(Set(game.selection).count == game.selection.count)
        #expect(game.selection.allSatisfy(game.table.contains))
        #expect(game.discardPile.count.isMultiple(of: 3))
        if let previous {
            #expect(Array(game.discardPile.prefix(previous.discardPile.count)) == previous.discardPile)
            let added = Array(game.discardPile.dropFirst(previous.discardPile.count))
            #expect(added.isEmpty || (added.count == 3 && SetRules.isSet(added[0], added[1], added[2])))
            // The clock starts at the first move and never restarts.
            if game != previous { #expect(game.clock?.startedAt != nil) }
            if let started = previous.clock?.startedAt { #expect(game.clock?.startedAt == started) }
        }
        // It stops exactly when the game ends.
        if game.clock?.startedAt != nil { #expect((game.clock?.finishedAt != nil) == game.isOver) }
        // Each player's tally adds up to their score, and counts every Set taken from the table.
        let tallies = game.tallies ?? PlayerPair(both: SetTally())
        #expect(tallies.one.total == game.scores.one)
        #expect(tallies.two.total == game.scores.two)
        let matchedOnTable = game.selectionIsMatch == true ? 3 : 0
        #expect((tallies.one.sets + tallies.two.sets) * 3 == game.discardPile.count + matchedOnTable)
        if let previous, let before = previous.tallies {
            for player in [SetPlayer.one, .two] {
                #expect(tallies[player].sets >= before[player].sets)
                #expect(tallies[player].wrongSets >= before[player].wrongSets)
                #expect(tallies[player].claimsOutOfTime >= before[player].claimsOutOfTime)
            }
        }
    }

    @Test func randomTwoPlayerMovesKeepTheInvariantsAndTheTallies() async {
        let moves = Gen.int(in: 0...99).array(of: 1...150)
        await propertyCheck(count: 150, input: Gen.uint64(in: 0...UInt64.max), moves) { seed, moves in
            var generator = SeededGenerator(seed: seed)
            var game = SetGame(using: &generator, mode: .twoPlayer(.standard), at: moment(0))
            for (step, move) in moves.enumerated() {
                let previous = game
                // NB: four seconds a move, so claims run out and lockouts end now and then.
                let now = moment(Double(step * 4))
                let player: SetPlayer = move.isMultiple(of: 2) ? .one : .two
                switch move {
                case 0..<6: game.dealThreeMore(by: player, at: now)
                case 6..<10: game.revealHint(by: player, at: now)
                case 10..<30: game.claim(by: player, at: now)
                case 30..<34: game.tick(at: now)
                default: game.select(game.table[move % game.table.count], by: player, at: now)
                }
                Self.checkInvariants(of: game, comparedWith: previous)
                if game.isOver { break }
            }
        }
    }

    @Test func randomMovesKeepTheInvariants() async {
        let moves = Gen.int(in: 0...99).array(of: 1...150)
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max), moves) { seed, moves in
            var generator = SeededGenerator(seed: seed)
            var game = SetGame(using: &generator, at: moment(0))
            for (step, move) in moves.enumerated() {
                let previous = game
                let now = moment(Double(step))
                switch move {
                case 0..<8: game.dealThreeMore(at: now)
                case 8..<10: game.revealHint(at: now)
                default: game.select(game.table[move % game.table.count], at: now)
                }
                Self.checkInvariants(of: game, comparedWith: previous)
                if game.isOver { break }
            }
        }
    }

    @Test func aBotThatOnlyTakesSetsAlwaysFinishes() async {
        await propertyCheck(count: 100, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            var generator = SeededGenerator(seed: seed)
            var game = SetGame(using: &generator, at: moment(0))
            var moves = 0
            while !game.isOver, moves < 200 {
                let previous = game
                let sets = game.matchesOnTable
                if let trio = sets.randomElement(using: &generator) {
                    let outcomes = trio.cards.map { game.select($0, at: moment(Double(moves))) }
                    guard case .matched = outcomes.last else {
                        Issue.record("A Set should match, not \(String(describing: outcomes.last)).")
                        return
                    }
                    if !game.isOver {
                        #expect(game.selectionIsMatch == true)
                        game.select(trio.cards[0], at: moment(Double(moves)))
                    }
                } else {
                    #expect(game.canDealMoreCards)
                    game.dealThreeMore(at: moment(Double(moves)))
                }
                Self.checkInvariants(of: game, comparedWith: previous)
                moves += 1
            }
            #expect(game.isOver)
            #expect(game.deck.isEmpty)
            #expect(game.matchesOnTable.isEmpty)
            #expect(game.clock?.finishedAt == moment(Double(moves - 1)))
            #expect(game.score > 0)
            #expect(game.missedSets.isEmpty)
        }
    }
}
