import Foundation
import PropertyBased
import SeededRandom
import SetCore
import Testing

@Suite struct DailyPuzzleProgressTests {
    let puzzle = DailySetPuzzle(date: PuzzleDate("2026-11-25")!)
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func findingAllSixSolvesItAndStopsTheClock() throws {
        var progress = DailyPuzzleProgress(date: puzzle.date)
        for (index, trio) in puzzle.sets.reversed().enumerated() {
            #expect(!progress.isSolved)
            let outcome = progress.claim(trio.cards.reversed(), of: puzzle, at: start + Double(10 * index))
            #expect(outcome == .found(trio))
        }
        #expect(progress.isSolved)
        #expect(progress.found == puzzle.sets.reversed())
        #expect(progress.clock.startedAt == start)
        #expect(progress.clock.finishedAt == start + 50)
        #expect(progress.claim(puzzle.sets[0].cards, of: puzzle, at: start + 99) == .alreadySolved)
        #expect(progress.clock.playingTime(at: start + 1000) == 50)
    }

    @Test func aSetFoundAgainChangesNothing() {
        var progress = DailyPuzzleProgress(date: puzzle.date)
        let trio = puzzle.sets[2]
        _ = progress.claim(trio.cards, of: puzzle, at: start)
        let before = progress
        #expect(
            progress.claim([trio.third, trio.first, trio.second], of: puzzle, at: start + 5)
                == .alreadyFound(trio))
        #expect(progress == before)
    }

    @Test func aWrongTrioSaysWhyAndCostsOnlyATry() throws {
        var progress = DailyPuzzleProgress(date: puzzle.date)
        let trio = try #require(Self.trios(of: puzzle.cards).first { SetTrio($0[0], $0[1], $0[2]) == nil })
        let outcome = progress.claim(trio, of: puzzle, at: start)
        #expect(outcome == .notASet(SetRules.violations(trio[0], trio[1], trio[2])))
        guard case .notASet(let violations) = outcome else { return }
        #expect(!violations.isEmpty)
        #expect(progress.wrongTries == 1)
        #expect(progress.found.isEmpty)
        #expect(progress.clock.startedAt == start)
    }

    @Test func onlyThreeDistinctCardsOfThePuzzleAreClaims() throws {
        var progress = DailyPuzzleProgress(date: puzzle.date)
        let outsider = try #require(SetCard.allCards.first { !puzzle.cards.contains($0) })
        let set = puzzle.sets[0]
        for claim in [
            [set.first, set.second], [set.first, set.second, set.third, puzzle.cards[0]],
            [set.first, set.first, set.second], [set.first, set.second, outsider], [],
        ] {
            #expect(progress.claim(claim, of: puzzle, at: start) == .notThreeCardsOfThePuzzle)
        }
        #expect(progress == DailyPuzzleProgress(date: puzzle.date))
    }

    /// Whatever is claimed, in any order: the found Sets are distinct Sets of the puzzle, wrong
    /// tries count the non-Sets, and the clock stops exactly when the sixth is found.
    @Test func anySequenceOfClaimsKeepsTheProgressTrue() async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 1...60)) {
            seed, count in
            var generator = SeededGenerator(seed: seed)
            let trios = Self.trios(of: puzzle.cards)
            var progress = DailyPuzzleProgress(date: puzzle.date)
            var nonSets = 0
            for step in 0..<count {
                let trio = trios[Int(generator.next() % UInt64(trios.count))]
                let wasSolved = progress.isSolved
                if SetTrio(trio[0], trio[1], trio[2]) == nil, !wasSolved { nonSets += 1 }
                _ = progress.claim(trio, of: puzzle, at: start + Double(step))
            }
            #expect(Set(progress.found).count == progress.found.count)
            #expect(progress.found.allSatisfy(puzzle.sets.contains))
            #expect(progress.wrongTries == nonSets)
            #expect(progress.isSolved == (progress.found.count == 6))
            #expect((progress.clock.finishedAt != nil) == progress.isSolved)
        }
    }

    @Test func codesAndDecodesAsItWas() throws {
        var progress = DailyPuzzleProgress(date: puzzle.date)
        _ = progress.claim(puzzle.sets[1].cards, of: puzzle, at: start)
        let data = try JSONEncoder().encode(progress)
        #expect(try JSONDecoder().decode(DailyPuzzleProgress.self, from: data) == progress)
    }

    /// Every three of `cards`, in order.
    static func trios(of cards: [SetCard]) -> [[SetCard]] {
        var trios: [[SetCard]] = []
        for a in cards.indices {
            for b in cards.indices where b > a {
                for c in cards.indices where c > b { trios.append([cards[a], cards[b], cards[c]]) }
            }
        }
        return trios
    }
}
