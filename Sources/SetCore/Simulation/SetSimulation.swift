import SeededRandom

/// Bots playing Set many times, for `cardtable simulate set`.
///
/// Each bot game deals the variant's table (12 cards; 9 in Junior), then takes a match chosen
/// uniformly at random among all matches in play while there is one, and deals three cards when
/// there is none, under the same replacement rule as ``SetGame``. Normal games are played by the
/// lean ``SetBotTable``, the others by ``SetVariantBot`` on a real ``SetGame``. The games are split into batches of ``gamesPerBatch``; batch `k` draws its
/// randomness from the `k`-th number of a generator seeded with the seed, and batches run in
/// parallel. Totals are integers added up at the end, so the same seed gives the same statistics
/// however the batches are scheduled.
public enum SetSimulation {
    /// How many games one batch (one task) plays.
    public static let gamesPerBatch = 1000

    /// Plays `games` bot games from `seed` on all cores and summarizes them.
    ///
    /// - Parameters:
    ///   - games: How many games to play.
    ///   - seed: Where all randomness comes from.
    ///   - variant: Which game of Set the bots play; Normal by default.
    ///   - progress: Called with the number of games finished after each batch.
    public static func run(
        games: Int,
        seed: UInt64,
        variant: SetVariant = .normal,
        progress: (Int) -> Void = { _ in }
    ) async -> SetSimulationStatistics {
        let clock = ContinuousClock()
        let start = clock.now
        let batches = batches(games: games, seed: seed)
        let tally = await withTaskGroup(of: SimulationTally.self) { group in
            for batch in batches {
                group.addTask { playBatch(games: batch.games, seed: batch.seed, variant: variant) }
            }
            var total = SimulationTally(tableSize: variant.tableSize)
            for await batchTally in group {
                total.add(batchTally)
                progress(total.games)
            }
            return total
        }
        return SetSimulationStatistics(
            tally: tally, seed: seed, variant: variant, seconds: seconds(since: start, on: clock))
    }

    /// Plays `games` bot games from `seed` on the calling thread only, e.g. for benchmarks.
    ///
    /// The statistics are those of ``run(games:seed:progress:)`` for a run of one batch; for more
    /// games than ``gamesPerBatch`` the two differ, since `run` seeds each batch separately.
    public static func runOnThisThread(games: Int, seed: UInt64) -> SetSimulationStatistics {
        let clock = ContinuousClock()
        let start = clock.now
        let tally = playBatch(games: max(games, 0), seed: seed, variant: .normal)
        return SetSimulationStatistics(
            tally: tally, seed: seed, variant: .normal, seconds: seconds(since: start, on: clock))
    }

    // MARK: - Internal

    /// Plays one batch on the calling thread.
    static func playBatch(games: Int, seed: UInt64, variant: SetVariant) -> SimulationTally {
        var generator = SeededGenerator(seed: seed)
        var tally = SimulationTally(tableSize: variant.tableSize)
        guard variant == .normal else {
            let bot = SetVariantBot(variant: variant)
            for _ in 0..<games { tally.record(bot.playGame(using: &generator)) }
            return tally
        }
        var table = SetBotTable()
        CompletingCardTable.ids.withUnsafeBufferPointer { completingIDs in
            for _ in 0..<games {
                tally.record(table.playGame(using: &generator, completing: completingIDs))
            }
        }
        return tally
    }

    /// The size and seed of each batch, fixed by `games` and `seed` alone.
    static func batches(games: Int, seed: UInt64) -> [(games: Int, seed: UInt64)] {
        var seeds = SeededGenerator(seed: seed)
        return stride(from: 0, to: max(games, 0), by: gamesPerBatch).map { firstGame in
            (min(gamesPerBatch, games - firstGame), seeds.next())
        }
    }

    // MARK: - Private

    private static func seconds(since start: ContinuousClock.Instant, on clock: ContinuousClock) -> Double {
        let elapsed = (clock.now - start).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
