import Foundation
import MemorizeCore
import SetCore

extension FinishedGame {
    /// The Memorize game a change has just finished: `after` is over and `before`, the game the
    /// slot held (nil before its first move was saved), was not. Nil for any other change.
    init?(finishing before: SavedMemorizeGame?, as after: SavedMemorizeGame?, at now: Date) {
        guard let after, after.game.isOver, before?.game.isOver != true else { return nil }
        let game = after.game
        self.init(
            game: .memorize, theme: after.theme.theme.name, mode: .solo, score: game.score,
            breakdown: .memorize(matches: game.cards.count / 2, points: game.scoreBreakdown),
            seconds: game.progress?.playingTime(at: now) ?? 0, moves: game.progress?.moves ?? 0,
            finishedAt: now)
    }

    /// The Set game a change has just finished (see the Memorize one), in its variant. Of two
    /// players on one device, the winner's side is kept (player one's on a tie): the history is
    /// the device's.
    /// A game begun before tallies were kept is recorded with its Sets and score only.
    init?(finishing before: SavedSetGame?, as after: SavedSetGame?, at now: Date) {
        guard let after, after.game.isOver, before?.game.isOver != true else { return nil }
        let game = after.game
        let side = game.leader ?? .one
        let score = game.scores[side]
        let tally =
            game.tallies?[side]
            ?? SetTally(sets: game.twoPlayer == nil ? game.discardPile.count / 3 : 0, setPoints: score)
        self.init(
            game: .set, theme: nil, mode: game.twoPlayer == nil ? .solo : .twoPlayer, score: score,
            breakdown: .set(tally), seconds: game.clock?.playingTime(at: now) ?? 0,
            moves: tally.sets + tally.wrongSets, finishedAt: now, variant: game.variant)
    }

    /// What `seat` made of a room's finished game of Set, in its variant: a point per Set (or
    /// UltraSet), less a point per wrong claim.
    init(room game: MultiplayerSetGame, seat: Int, at now: Date) {
        let sets = game.piles[seat].count
        let setPoints = sets * MultiplayerSetGame.pointsPerSet
        let penalties = max(0, setPoints - game.scores[seat])
        let tally = SetTally(
            sets: sets, setPoints: setPoints, wrongSets: penalties / MultiplayerSetGame.wrongSetPenalty,
            wrongSetPenalties: penalties)
        self.init(
            game: .set, theme: nil, mode: .room, score: game.scores[seat], breakdown: .set(tally),
            seconds: game.clock.playingTime(at: now), moves: tally.sets + tally.wrongSets, finishedAt: now,
            variant: game.variant)
    }

    /// What `seat` made of a room's finished game of Memorize: a point per pair.
    init(room game: TurnBasedMemoryGame<String>, theme: String, seat: Int, at now: Date) {
        let pairs = game.pairs[seat]
        self.init(
            game: .memorize, theme: theme, mode: .room, score: pairs,
            breakdown: .memorize(matches: pairs, points: ScoreBreakdown(matchPoints: pairs)),
            seconds: game.game.progress?.playingTime(at: now) ?? 0, moves: game.game.progress?.moves ?? 0,
            finishedAt: now)
    }
}
