import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import SetCore

/// Referees the daily puzzle: which days may be played (today and every day before it, in UTC),
/// starting a day, claims, and replays. Each change is one database transaction.
struct DailyReferee: Sendable {
    let database: any CardTableDatabase
    let environment: WebEnvironment

    /// Everything a day's page shows for a player.
    struct Snapshot: Sendable {
        let puzzle: DailySetPuzzle
        let today: PuzzleDate
        /// The player's go; nil before they start the day.
        let play: DailyPlay?
        /// The day's first solve, the one that counts; nil until there is one.
        let firstSolve: DailySolve?
        let streak: DailyStreak
        let now: Date
    }

    /// Today (UTC).
    var today: PuzzleDate { PuzzleDate(day: environment.now()) }

    /// The day of `date`'s puzzle and what the player made of it.
    /// - Throws: ``AppError/notFound(_:)`` for a day after today, saying which days there are.
    func snapshot(of date: PuzzleDate, for player: PlayerID) async throws -> Snapshot {
        let puzzle = try puzzle(of: date)
        let play = try await database.dailyPlay(on: date, for: player)
        return try await snapshot(puzzle, play: play, for: player)
    }

    /// Puts the cards of `date` on show and starts its clock, unless the player has started.
    func start(_ date: PuzzleDate, for player: PlayerID) async throws -> Snapshot {
        // NB: every change starts the clock if it has not started.
        try await change(date, for: player) { _, _, _ in }
    }

    /// Claims that the cards with ids `cardIDs` are a Set of `date`'s puzzle.
    func claim(_ cardIDs: [Int], on date: PuzzleDate, for player: PlayerID) async throws -> Snapshot {
        try await change(date, for: player) { play, puzzle, now in
            let cards = cardIDs.compactMap(SetCard.init(id:))
            guard cards.count == cardIDs.count else {
                throw AppError.badRequest("cards must be three card numbers from 0 to 80, like [5, 17, 44].")
            }
            let outcome = play.progress.claim(cards, of: puzzle, at: now)
            play.lastClaim = DailyLastClaim(cards: cards, outcome: outcome)
        }
    }

    /// Starts `date`'s puzzle again, clock and all; the first solve still counts.
    /// - Throws: ``AppError/conflict(_:)`` before the day is solved: starting over would take
    ///   the clock back on the go that counts.
    func replay(_ date: PuzzleDate, for player: PlayerID) async throws -> Snapshot {
        guard try await solves(of: player).contains(where: { $0.date == date }) else {
            throw AppError.conflict("The puzzle of \(date) can be played again once it is solved.")
        }
        return try await change(date, for: player) { play, _, now in
            play = DailyPlay(progress: DailyPuzzleProgress(date: date), lastClaim: nil)
            play.progress.start(at: now)
        }
    }

    /// Every day `player` solved, oldest first, with its first solve.
    func solves(of player: PlayerID) async throws -> [DailySolve] {
        try await database.dailySolves(of: player)
    }

    // MARK: - Private

    private func puzzle(of date: PuzzleDate) throws -> DailySetPuzzle {
        let today = today
        guard date <= today else {
            throw AppError.notFound(DailyDays.notOutYet(date, field: "its date", today: today))
        }
        return DailySetPuzzle(date: date)
    }

    /// Loads the player's go at `date` (a new one, started now, when there is none), lets `move`
    /// change it, and saves it.
    private func change(
        _ date: PuzzleDate, for player: PlayerID,
        _ move: @escaping @Sendable (inout DailyPlay, DailySetPuzzle, Date) throws -> Void
    ) async throws -> Snapshot {
        let puzzle = try puzzle(of: date)
        let now = environment.now()
        let play = try await database.changeDailyPlay(on: date, for: player, at: now) { stored in
            var play = stored ?? DailyPlay(progress: DailyPuzzleProgress(date: date), lastClaim: nil)
            play.progress.start(at: now)
            try move(&play, puzzle, now)
            return (play, play)
        }
        return try await snapshot(puzzle, play: play, for: player)
    }

    private func snapshot(_ puzzle: DailySetPuzzle, play: DailyPlay?, for player: PlayerID) async throws
        -> Snapshot
    {
        let solves = try await solves(of: player)
        let today = today
        return Snapshot(
            puzzle: puzzle, today: today, play: play,
            firstSolve: solves.first { $0.date == puzzle.date },
            streak: DailyStreak(solvedOnTheDay: solves.filter(\.isOnItsDay).map(\.date), today: today),
            now: environment.now())
    }
}
