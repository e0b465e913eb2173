import PropertyBased
import SeededRandom
import SetCore
import Testing

/// A computer opponent's plans: what it claims, when, and how often it is wrong.
struct SetBotTests {
    /// A table of `variant` dealt from a deck shuffled by `seed`, with any previous Set a game of
    /// Set-Chain would have after its first Set.
    private static func table(_ variant: SetVariant, seed: UInt64) -> (table: [SetCard], previous: SetTrio?) {
        var generator = SeededGenerator(seed: seed)
        var game = MultiplayerSetGame(seatCount: 1, variant: variant, using: &generator)
        if variant == .chain, let first = game.matchesOnTable.first {
            game.claim(first.cards, by: 0, at: moment(0))
        }
        return (game.table, game.previousSet)
    }

    @Test(arguments: SetVariant.allCases)
    func everyPlanNamesTableCardsAndSaysWhetherTheyMatch(variant: SetVariant) async {
        await propertyCheck(
            count: 150, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 0...3)
        ) { seed, levelIndex in
            let level = SetBotLevel.allCases[levelIndex]
            let (table, previous) = Self.table(variant, seed: seed)
            var generator = SeededGenerator(seed: seed &+ 1)
            let plan = SetBot(level: level).plan(
                table: table, variant: variant, after: previous, using: &generator)
            #expect(plan.delay >= level.secondsToTakeInATable)
            switch plan.move {
            case .claim(let cards, let isWrong):
                #expect(cards.count == variant.cardsPerMatch)
                #expect(Set(cards).count == cards.count)
                // NB: in Set-Chain one card may be the previous Set's, off the table.
                #expect(cards.allSatisfy { table.contains($0) || previous?.contains($0) == true })
                #expect((variant.match(cards, after: previous) == nil) == isWrong)
                if level.wrongClaimChance == 0 { #expect(!isWrong) }
            case .voteToDeal:
                #expect(!variant.hasMatch(onTable: table, after: previous))
            }
        }
    }

    @Test func aTableWithoutASetIsSearchedThroughBeforeTheBotAsksForCards() {
        let table = Fixtures.cardsWithoutSet.prefix(12).map { $0 }
        for level in SetBotLevel.allCases {
            var generator = SeededGenerator(seed: 7)
            let plan = SetBot(level: level).plan(table: table, variant: .normal, using: &generator)
            #expect(plan.move == .voteToDeal)
            // 66 pairs looked at, give or take the spread of one search's time (five spreads).
            let typical = level.secondsToTakeInATable + 66 * level.secondsPerLook
            #expect(plan.delay > level.secondsToTakeInATable + 66 * level.secondsPerLook * 0.2)
            #expect(plan.delay < typical * 5)
        }
    }

    @Test func theSameSeedPlansTheSameMove() {
        let (table, _) = Self.table(.normal, seed: 3)
        var first = SeededGenerator(seed: 11)
        var second = SeededGenerator(seed: 11)
        let bot = SetBot(level: .casual)
        #expect(
            bot.plan(table: table, variant: .normal, using: &first)
                == bot.plan(table: table, variant: .normal, using: &second))
    }

    /// The median of `draws` plans' delays.
    private static func medianDelay(
        _ level: SetBotLevel, table: [SetCard], variant: SetVariant = .normal, draws: Int = 2001
    ) -> Double {
        var generator = SeededGenerator(seed: 5)
        let bot = SetBot(level: level)
        let delays = (0..<draws).map { _ in bot.plan(table: table, variant: variant, using: &generator).delay
        }
        return delays.sorted()[draws / 2]
    }

    @Test func fasterLevelsFindMatchesSooner() {
        let (table, _) = Self.table(.normal, seed: 3)
        let medians = SetBotLevel.allCases.map { Self.medianDelay($0, table: table) }
        #expect(medians == medians.sorted(by: >), "beginner, casual, quick, expert: \(medians)")
    }

    @Test func aTableWithFewerSetsAndMoreCardsTakesLonger() throws {
        // Twelve cards holding a single Set, then the same with three more cards and no new Set.
        let single = try #require(SetTableSearchTests.tableWithSets(1, cards: 12))
        let many = try #require(SetTableSearchTests.tableWithSets(6, cards: 12))
        #expect(Self.medianDelay(.quick, table: single) > 2 * Self.medianDelay(.quick, table: many))
        let wider = try #require(SetTableSearchTests.tableWithSets(1, cards: 15))
        #expect(Self.medianDelay(.quick, table: wider) > Self.medianDelay(.quick, table: single))
    }

    @Test func aBeginnerClaimsAWrongSetAboutOneTimeInTenAndAnExpertNever() {
        let (table, _) = Self.table(.normal, seed: 3)
        var generator = SeededGenerator(seed: 9)
        let plans = 4000
        func wrongClaims(_ level: SetBotLevel) -> Int {
            (0..<plans).count { _ in
                let plan = SetBot(level: level).plan(table: table, variant: .normal, using: &generator)
                return plan.move.isWrongClaim
            }
        }
        // Binomial(4000, 0.1): mean 400, standard deviation 19.
        #expect((324...476).contains(wrongClaims(.beginner)))
        #expect(wrongClaims(.expert) == 0)
    }

    @Test func botsOfEveryLevelPlayEveryVariantToItsEnd() {
        for variant in SetVariant.allCases {
            let statistics = SetBotStatistics.simulate(games: 30, seed: 2, variant: variant)
            #expect(statistics.games == 30)
            let taken = statistics.levels.map(\.matchesPerGame).reduce(0, +)
            // A game takes every match until none is left: at least as many as the deck allows
            // minus the cards left over.
            let atLeast = Double(variant.cards.count - 21) / Double(variant.cardsPerMatch)
            #expect(taken >= atLeast, "\(variant): \(taken) matches a game")
            #expect(statistics.levels.map(\.level) == SetBotLevel.allCases)
            #expect(statistics.levels.first { $0.level == .expert }?.wrongClaimsPerGame == 0)
            let medians = statistics.levels.map(\.medianSecondsPerMatch)
            #expect(medians == medians.sorted(by: >), "\(variant): \(medians)")
        }
    }
}

extension SetBotPlan.Move {
    /// Whether this is a claim of cards that are no match.
    var isWrongClaim: Bool {
        if case .claim(_, isWrong: true) = self { return true }
        return false
    }
}
