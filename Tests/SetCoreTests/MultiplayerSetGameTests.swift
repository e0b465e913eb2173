import Foundation
import PropertyBased
import SeededRandom
import SetCore
import SetTestSupport
import Testing

/// One table shared by several players: claims judged in order, votes to deal, the ranking.
@Suite struct MultiplayerSetGameTests {
    private static let set = Fixtures.set
    /// Cards that hold no Set among them, none of them in ``set``.
    private static let withoutSet = Fixtures.cardsWithoutSet.filter { !Fixtures.set.contains($0) }

    /// ``Fixtures/table`` (its only Sets include ``Fixtures/set`` at places 0–2) for `seats` players.
    private func game(seats: Int = 3) throws -> MultiplayerSetGame {
        try MultiplayerSetGame(
            deck: Fixtures.deck(without: Fixtures.table), table: Fixtures.table, seatCount: seats)
    }

    // MARK: - Claims

    @Test func theFirstValidClaimScoresAndTheSetIsReplacedInPlace() throws {
        var game = try game()
        let next = Array(game.deck.prefix(3))
        guard case .scored(let trio, 1, let replacements, _) = game.claim(Self.set, by: 2, at: moment(5))
        else {
            Issue.record("A Set on the table should score")
            return
        }
        #expect(trio.cards == Self.set.sorted())
        #expect(replacements == next)
        #expect(Array(game.table.prefix(3)) == next)
        #expect(game.piles[2] == [trio])
        #expect(game.scores == [0, 0, 1])
        #expect(Self.set.allSatisfy { game.holder(of: $0) == 2 })
    }

    @Test func aClaimOfCardsAlreadyTakenIsTooLateAndCostsNothing() throws {
        var game = try game()
        game.claim(Self.set, by: 0, at: moment(1))
        let before = game
        // Seat 1 saw the same Set a moment later; its claim arrives second.
        #expect(game.claim(Self.set.reversed(), by: 1, at: moment(1)) == .tooLate(takenBy: 0))
        let overlapping = [Self.set[0]] + Array(game.table.prefix(2))
        #expect(game.claim(overlapping, by: 1, at: moment(2)) == .tooLate(takenBy: 0))
        #expect(game == before)
    }

    @Test func aClaimNamingACardTheClaimerHadNotSeenCostsNothingAndEarnsNothing() throws {
        var game = try game()
        let before = game
        let nonSet = [Fixtures.table[0], Fixtures.table[3], Fixtures.table[4]]
        let dealtUnseen: Set = [Fixtures.table[4], Fixtures.table[1]]
        #expect(
            game.claim(nonSet, by: 1, at: moment(3), unseen: dealtUnseen)
                == .tableChanged(unseen: [Fixtures.table[4]]))
        // A Set too: the claimer chose it from a table that was no longer there.
        #expect(
            game.claim(Self.set, by: 1, at: moment(3), unseen: dealtUnseen)
                == .tableChanged(unseen: [Fixtures.table[1]]))
        #expect(game == before)
        // Too late comes first: the card was taken, whatever the claimer saw.
        game.claim(Self.set, by: 0, at: moment(4))
        #expect(game.claim(Self.set, by: 1, at: moment(4), unseen: Set(Self.set)) == .tooLate(takenBy: 0))
    }

    @Test func aWrongSetCostsAPointAndSaysWhy() throws {
        var game = try game()
        let nonSet = [Fixtures.table[0], Fixtures.table[3], Fixtures.table[4]]
        guard case .notASet(let violations, penalty: 1) = game.claim(nonSet, by: 1, at: moment(3)) else {
            Issue.record("Three cards that are not a Set should cost a point")
            return
        }
        #expect(violations == SetRules.violations(nonSet[0], nonSet[1], nonSet[2]))
        #expect(!violations.isEmpty)
        #expect(game.scores == [0, -1, 0])
        #expect(game.table == Fixtures.table)
    }

    @Test func claimsThatCannotBeJudgedChangeNothing() throws {
        var game = try game()
        let before = game
        let inDeck = try #require(game.deck.first)
        #expect(game.claim(Array(Self.set.prefix(2)), by: 0, at: moment(1)) == .rejected(.wrongNumberOfCards))
        #expect(
            game.claim([Self.set[0], Self.set[0], Self.set[1]], by: 0, at: moment(1))
                == .rejected(.wrongNumberOfCards))
        #expect(
            game.claim([Self.set[0], Self.set[1], inDeck], by: 0, at: moment(1)) == .rejected(.cardNotOnTable)
        )
        #expect(game.claim(Self.set, by: 3, at: moment(1)) == .rejected(.notASeat))
        #expect(game.claim(Self.set, by: -1, at: moment(1)) == .rejected(.notASeat))
        #expect(game == before)
        #expect(game.clock.startedAt == nil)
    }

    @Test func aClaimThatLeavesNoSetDealsUntilThereIsOne() throws {
        // The Set and nine cards without one; the deck's first three make no Set with them either,
        // the next three do.
        let others = Array(Self.withoutSet.prefix(9))
        let table = Self.set + others
        let noSetYet = Array(Self.withoutSet[9...11])
        let completing = SetRules.completingCard(for: others[0], and: others[1])
        let rest = Fixtures.deck(without: table + noSetYet + [completing])
        var game = try MultiplayerSetGame(
            deck: noSetYet + [completing] + rest, table: table, seatCount: 2)
        guard case .scored(_, _, let replacements, let autoDealt) = game.claim(Self.set, by: 0, at: moment(1))
        else {
            Issue.record("The Set should score")
            return
        }
        #expect(replacements == noSetYet)
        #expect(autoDealt.first == completing)
        #expect(autoDealt.count == 3)
        #expect(SetRules.containsSet(game.table))
        #expect(game.table.count == 15)
    }

    @Test func theLastSetEndsTheGameAndStopsTheClock() throws {
        let table = Self.set + Array(Self.withoutSet.prefix(3))
        var game = try MultiplayerSetGame(deck: [], table: table, seatCount: 2)
        game.claim(Self.set, by: 1, at: moment(40))
        #expect(game.isOver)
        #expect(game.table == Array(Self.withoutSet.prefix(3)))
        #expect(game.clock == SetGameClock(startedAt: moment(40), finishedAt: moment(40)))
        #expect(game.claim(Self.set, by: 0, at: moment(41)) == .rejected(.gameOver))
    }

    // MARK: - Dealing by agreement

    @Test func threeMoreCardsComeOnceEveryActivePlayerAsks() throws {
        var game = try game(seats: 4)
        let active: Set = [0, 1, 3]  // seat 2 has left
        #expect(game.voteToDeal(by: 0, activeSeats: active, at: moment(1)) == .voted(votes: 1, needed: 3))
        #expect(game.voteToDeal(by: 0, activeSeats: active, at: moment(2)) == .voted(votes: 1, needed: 3))
        #expect(game.voteToDeal(by: 2, activeSeats: active, at: moment(2)) == .rejected(.notActive))
        #expect(game.voteToDeal(by: 3, activeSeats: active, at: moment(3)) == .voted(votes: 2, needed: 3))
        let next = Array(game.deck.prefix(3))
        #expect(game.voteToDeal(by: 1, activeSeats: active, at: moment(4)) == .dealt(next))
        #expect(game.table.count == 15)
        #expect(game.dealVotes.isEmpty)
    }

    @Test func votesStandUntilTheTableChanges() throws {
        var game = try game(seats: 2)
        game.voteToDeal(by: 0, activeSeats: [0, 1], at: moment(1))
        game.claim(Self.set, by: 1, at: moment(2))
        #expect(game.dealVotes.isEmpty)
        #expect(game.voteToDeal(by: 1, activeSeats: [0, 1], at: moment(3)) == .voted(votes: 1, needed: 2))
    }

    @Test func whenTheOnlyPlayerWhoHadNotAskedLeavesTheCardsAreDealt() throws {
        var game = try game(seats: 3)
        game.voteToDeal(by: 0, activeSeats: [0, 1, 2], at: moment(1))
        game.voteToDeal(by: 1, activeSeats: [0, 1, 2], at: moment(1))
        #expect(game.settleDealVotes(activeSeats: [0, 1, 2], at: moment(2)) == nil)
        let next = Array(game.deck.prefix(3))
        #expect(game.settleDealVotes(activeSeats: [0, 1], at: moment(3)) == .dealt(next))
    }

    @Test func anEmptyDeckDealsNothing() throws {
        var game = try MultiplayerSetGame(deck: [], table: Fixtures.table, seatCount: 2)
        #expect(game.voteToDeal(by: 0, activeSeats: [0, 1], at: moment(1)) == .rejected(.deckEmpty))
    }

    // MARK: - Ranking

    @Test func equalScoresShareARank() throws {
        var game = try game(seats: 4)
        game.claim([Fixtures.table[0], Fixtures.table[3], Fixtures.table[4]], by: 0, at: moment(1))
        game.claim(Self.set, by: 2, at: moment(2))
        #expect(game.scores == [-1, 0, 1, 0])
        #expect(game.ranking.map(\.seat) == [2, 1, 3, 0])
        #expect(game.ranking.map(\.rank) == [1, 2, 2, 4])
        #expect(game.ranking.map(\.sets) == [1, 0, 0, 0])
    }

    // MARK: - Invariants

    @Test func randomClaimsByRandomPlayersKeepEveryCardInOnePlace() async {
        let moves = Gen.int(in: 0...999).array(of: 1...120)
        await propertyCheck(count: 150, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 1...8), moves) {
            seed, seats, moves in
            var generator = SeededGenerator(seed: seed)
            var game = MultiplayerSetGame(seatCount: seats, using: &generator)
            var wrongClaims = Array(repeating: 0, count: seats)
            for (step, move) in moves.enumerated() where !game.isOver {
                let seat = move % seats
                let now = moment(Double(step))
                switch move % 10 {
                case 0..<6:
                    // A Set that is on the table: someone always sees it first.
                    let sets = game.matchesOnTable
                    let trio = sets[move % sets.count]
                    #expect(game.claim(trio.cards, by: seat, at: now).isScored)
                case 6, 7:
                    let cards = (0..<3).map { game.table[(move / 7 + $0 * 5) % game.table.count] }
                    if case .notASet = game.claim(cards, by: seat, at: now) { wrongClaims[seat] += 1 }
                default:
                    game.voteToDeal(by: seat, activeSeats: Set(0..<seats), at: now)
                }
                let cards = game.deck + game.table + game.piles.flatMap { $0.flatMap(\.cards) }
                #expect(cards.count == 81)
                #expect(Set(cards).count == 81)
                #expect(game.deck.isEmpty || SetRules.containsSet(game.table))
                for seat in 0..<seats {
                    #expect(game.scores[seat] == game.piles[seat].count - wrongClaims[seat])
                }
            }
        }
    }

    @Test func aGameReadsBackAsItWasSaved() throws {
        var generator = SeededGenerator(seed: 7)
        var game = MultiplayerSetGame(seatCount: 3, using: &generator)
        game.claim(try #require(game.matchesOnTable.first).cards, by: 1, at: moment(3))
        game.voteToDeal(by: 2, activeSeats: [0, 1, 2], at: moment(4))
        let data = try JSONEncoder().encode(game)
        #expect(try JSONDecoder().decode(MultiplayerSetGame.self, from: data) == game)
    }
}

extension MultiplayerClaimOutcome {
    var isScored: Bool {
        if case .scored = self { true } else { false }
    }
}
