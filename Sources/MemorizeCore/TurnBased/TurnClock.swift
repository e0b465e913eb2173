import Foundation

/// The clock of a turn-based table where a turn has a time limit, as at a table played at the
/// pace of a turn a day: whose turn it runs for and since when, each seat's turns missed in a
/// row, and the seats given up after ``missLimit`` of them.
///
/// Each move restarts the time of the player who made it (a player who matches goes again with
/// a full ``turnLength``). A turn not played in time passes to the next player; a seat that misses
/// ``missLimit`` turns in a row is given up for the rest of the game, and a game with no seat left
/// in play (each given up, or left) is abandoned.
public struct TurnClock: Equatable, Sendable, Codable {
    /// How long a player has for each move.
    public let turnLength: TimeInterval
    /// How many turns missed in a row give up a seat.
    public let missLimit: Int
    /// The seat the clock runs for.
    public private(set) var seat: Int
    /// When the clock started for ``seat``: their turn began, or they last moved.
    public private(set) var since: Date
    /// Each seat's turns missed in a row.
    public private(set) var missesInARow: [Int]
    /// The seats given up, in the order they were.
    public private(set) var forfeitedSeats: [Int] = []

    /// A clock for a game of `seatCount` seats whose first turn, seat 0's, begins at `now`.
    public init(seatCount: Int, turnLength: TimeInterval, missLimit: Int, startingAt now: Date) {
        precondition(
            seatCount > 0 && turnLength > 0 && missLimit > 0, "A clock needs seats, time and a limit.")
        self.turnLength = turnLength
        self.missLimit = missLimit
        seat = 0
        since = now
        missesInARow = Array(repeating: 0, count: seatCount)
    }

    /// When the turn of ``seat`` passes if they do not move.
    public var deadline: Date { since.addingTimeInterval(turnLength) }

    /// Whether `game` has no seat left in play: each was given up, or its player left.
    public func isAbandoned<Content>(_ game: TurnBasedMemoryGame<Content>) -> Bool {
        game.absentSeats.count >= game.seatCount
    }

    /// Whether `seat` was given up.
    public func hasForfeited(_ seat: Int) -> Bool { forfeitedSeats.contains(seat) }

    /// Follows a move `mover` made at `now`, after which it is `game`'s turn: the mover's missed
    /// turns start over, and the clock starts again for whoever plays next.
    public mutating func noteMove<Content>(by mover: Int, in game: TurnBasedMemoryGame<Content>, at now: Date)
    {
        if missesInARow.indices.contains(mover) { missesInARow[mover] = 0 }
        seat = game.turn
        since = now
    }

    /// Follows a change of turn that no move made (a seat left or came back): the clock starts
    /// for the new turn at `now`; it keeps running when the turn did not change.
    public mutating func follow<Content>(_ game: TurnBasedMemoryGame<Content>, at now: Date) {
        guard game.turn != seat else { return }
        seat = game.turn
        since = now
    }

    /// Passes `game`'s turn if its time ran out by `now`, counting the miss: the seat's
    /// ``missLimit``-th miss in a row gives it up (it is skipped for the rest of the game). The
    /// next turn gets its full time from `now`, so a table nobody could reach for days (a server
    /// that was down) loses one turn, not one per day.
    /// - Returns: The turn that lapsed, or nil when none was due (or the game is over).
    public mutating func passOverdueTurn<Content>(of game: inout TurnBasedMemoryGame<Content>, at now: Date)
        -> TurnLapse?
    {
        // NB: the turn is the game's: the clock follows it, and a seat no longer in play has none.
        let missed = game.turn
        guard !game.isOver, !isAbandoned(game), deadline <= now, missesInARow.indices.contains(missed),
            !game.absentSeats.contains(missed)
        else { return nil }
        missesInARow[missed] += 1
        let forfeits = missesInARow[missed] >= missLimit
        if forfeits {
            forfeitedSeats.append(missed)
            game.leave(missed)
        } else {
            game.passTurnUnplayed()
        }
        seat = game.turn
        since = now
        return TurnLapse(seat: missed, missesInARow: missesInARow[missed], forfeited: forfeits)
    }
}

/// A turn that ran out of time.
public struct TurnLapse: Hashable, Sendable {
    /// The seat whose turn it was.
    public let seat: Int
    /// Their turns missed in a row, this one included.
    public let missesInARow: Int
    /// Whether this miss gave the seat up.
    public let forfeited: Bool

    public init(seat: Int, missesInARow: Int, forfeited: Bool) {
        (self.seat, self.missesInARow, self.forfeited) = (seat, missesInARow, forfeited)
    }
}
