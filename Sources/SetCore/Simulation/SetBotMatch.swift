#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Computer opponents playing one another at a shared table (``MultiplayerSetGame``), for
/// `cardtable simulate bots`: each bot plans whenever the table changes, and the earliest plan
/// is played; a wrong claim costs its bot a point, and that bot searches again.
struct SetBotMatch {
    /// The bots, one per seat.
    let bots: [SetBot]
    let variant: SetVariant

    /// Plays one game to its end and adds what happened to `tally`.
    func play(using generator: inout some RandomNumberGenerator, into tally: inout SetBotTally) {
        var game = MultiplayerSetGame(seatCount: bots.count, variant: variant, using: &generator)
        var now: TimeInterval = 0
        var plans = replan(game, at: now, isFirstDeal: true, using: &generator, into: &tally)
        while !game.isOver {
            guard
                let seat = plans.indices.min(by: {
                    (plans[$0]?.at ?? .infinity) < (plans[$1]?.at ?? .infinity)
                }),
                let plan = plans[seat]
            else { break }
            now = plan.at
            let level = bots[seat].level
            switch plan.move {
            case .claim(let cards, _):
                switch game.claim(cards, by: seat, at: Date(timeIntervalSinceReferenceDate: now)) {
                case .scored:
                    tally.levels[level, default: .init()].matchesTaken += 1
                    plans = replan(game, at: now, isFirstDeal: false, using: &generator, into: &tally)
                case .notASet:
                    tally.levels[level, default: .init()].wrongClaims += 1
                    plans[seat] = timedPlan(
                        for: seat, game, at: now, isFirstDeal: false, using: &generator, into: &tally)
                default:
                    plans[seat] = nil
                }
            case .voteToDeal:
                let seats = Set(bots.indices)
                plans[seat] = nil
                if case .dealt = game.voteToDeal(
                    by: seat, activeSeats: seats, at: Date(timeIntervalSinceReferenceDate: now))
                {
                    plans = replan(game, at: now, isFirstDeal: false, using: &generator, into: &tally)
                }
            }
        }
        tally.games += 1
        tally.seconds += now
    }

    // MARK: - Private

    /// A planned move at a moment of the game.
    private struct TimedPlan {
        let move: SetBotPlan.Move
        let at: TimeInterval
    }

    /// Every bot's plan for the table as it is now.
    private func replan(
        _ game: MultiplayerSetGame, at now: TimeInterval, isFirstDeal: Bool,
        using generator: inout some RandomNumberGenerator, into tally: inout SetBotTally
    ) -> [TimedPlan?] {
        bots.indices.map {
            timedPlan(for: $0, game, at: now, isFirstDeal: isFirstDeal, using: &generator, into: &tally)
        }
    }

    private func timedPlan(
        for seat: Int, _ game: MultiplayerSetGame, at now: TimeInterval, isFirstDeal: Bool,
        using generator: inout some RandomNumberGenerator, into tally: inout SetBotTally
    ) -> TimedPlan? {
        guard !game.isOver else { return nil }
        let plan = bots[seat].plan(
            table: game.table, variant: variant, after: game.previousSet, using: &generator)
        if case .claim = plan.move {
            tally.levels[bots[seat].level, default: .init()].record(
                secondsToFind: plan.delay, onFirstDeal: isFirstDeal)
        }
        return TimedPlan(move: plan.move, at: now + plan.delay)
    }
}
