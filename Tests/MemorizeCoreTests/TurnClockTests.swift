import Foundation
import MemorizeCore
import PropertyBased
import Testing

/// A table played a turn a day: a turn not played in time passes, each move restarts its
/// player's time, three missed turns in a row give a seat up, and a table whose every seat was
/// given up is abandoned.
@Suite struct TurnClockTests {
    let start = Date.fixtureStart
    let day: TimeInterval = 24 * 60 * 60

    private func table(seats: Int = 3) -> (TurnBasedMemoryGame<String>, TurnClock) {
        (
            TurnBasedMemoryGame(MemoryGame.fixture(["🐸", "🦊", "🐼"]), seatCount: seats),
            TurnClock(seatCount: seats, turnLength: day, missLimit: 3, startingAt: start)
        )
    }

    private func ids(_ game: TurnBasedMemoryGame<String>, showing emoji: String) -> [Int] {
        game.game.cards(showing: emoji).map(\.id)
    }

    @Test func aTurnPassesOnlyOnceItsDayIsOver() {
        var (game, clock) = table()
        #expect(clock.deadline == start + day)
        #expect(clock.passOverdueTurn(of: &game, at: start + day - 1) == nil)
        #expect(game.turn == 0)
        let lapse = clock.passOverdueTurn(of: &game, at: start + day)
        #expect(lapse == TurnLapse(seat: 0, missesInARow: 1, forfeited: false))
        #expect(game.turn == 1)
        #expect(clock.seat == 1)
        // The next player gets a whole day from when the turn passed.
        #expect(clock.deadline == start + 2 * day)
    }

    @Test func aTurnNoticedLateStillGivesTheNextPlayerAWholeDay() {
        var (game, clock) = table()
        let noticed = start + 3 * day
        #expect(clock.passOverdueTurn(of: &game, at: noticed)?.seat == 0)
        #expect(clock.passOverdueTurn(of: &game, at: noticed) == nil)
        #expect(clock.deadline == noticed + day)
    }

    @Test func eachMoveRestartsItsPlayersTime() {
        var (game, clock) = table()
        let frogs = ids(game, showing: "🐸")
        let later = start + day - 60
        game.choose(cardID: frogs[0], by: 0, at: later)
        clock.noteMove(by: 0, in: game, at: later)
        #expect(clock.seat == 0)
        #expect(clock.deadline == later + day)
        #expect(clock.passOverdueTurn(of: &game, at: start + day) == nil)
    }

    @Test func aMismatchStartsTheNextPlayersDay() {
        var (game, clock) = table()
        let (frog, fox) = (ids(game, showing: "🐸")[0], ids(game, showing: "🦊")[0])
        game.choose(cardID: frog, by: 0, at: start)
        game.choose(cardID: fox, by: 0, at: start + 10)
        clock.noteMove(by: 0, in: game, at: start + 10)
        #expect(clock.seat == 1)
        #expect(clock.since == start + 10)
    }

    @Test func aLapsedTurnTurnsItsLoneCardBack() {
        var (game, clock) = table()
        let frog = ids(game, showing: "🐸")[0]
        game.choose(cardID: frog, by: 0, at: start)
        clock.noteMove(by: 0, in: game, at: start)
        _ = clock.passOverdueTurn(of: &game, at: start + day)
        #expect(game.game.cards.allSatisfy { !$0.isFaceUp })
        #expect(game.turn == 1)
    }

    @Test func threeMissedTurnsInARowGiveTheSeatUp() {
        var (game, clock) = table(seats: 2)
        var now = start
        var lapses: [TurnLapse] = []
        // Seat 0 misses every turn; seat 1 misses too, so the turn comes back to seat 0.
        for _ in 0..<5 {
            now += day
            if let lapse = clock.passOverdueTurn(of: &game, at: now) { lapses.append(lapse) }
        }
        #expect(
            lapses == [
                TurnLapse(seat: 0, missesInARow: 1, forfeited: false),
                TurnLapse(seat: 1, missesInARow: 1, forfeited: false),
                TurnLapse(seat: 0, missesInARow: 2, forfeited: false),
                TurnLapse(seat: 1, missesInARow: 2, forfeited: false),
                TurnLapse(seat: 0, missesInARow: 3, forfeited: true),
            ])
        #expect(clock.forfeitedSeats == [0])
        #expect(game.absentSeats == [0])
        #expect(game.turn == 1)
        #expect(!clock.isAbandoned(game))
        // Seat 1 plays on alone: its turns are never passed to the seat given up.
        now += day
        #expect(
            clock.passOverdueTurn(of: &game, at: now) == TurnLapse(seat: 1, missesInARow: 3, forfeited: true))
        #expect(clock.isAbandoned(game))
        #expect(clock.passOverdueTurn(of: &game, at: now + 2 * day) == nil)
    }

    /// A seat whose player left (the host removed them) is out of play too: when the last seat
    /// in play gives up, the game is abandoned at once, and no seat is given up twice.
    @Test func theLastSeatInPlayGivingUpAbandonsTheGame() {
        var (game, clock) = table(seats: 2)
        game.leave(1)
        clock.follow(game, at: start)
        var lapses: [TurnLapse] = []
        for day in 1...5 {
            if let lapse = clock.passOverdueTurn(of: &game, at: start + Double(day) * self.day) {
                lapses.append(lapse)
            }
        }
        #expect(lapses.map(\.missesInARow) == [1, 2, 3])
        #expect(lapses.last?.forfeited == true)
        #expect(clock.forfeitedSeats == [0])
        #expect(clock.isAbandoned(game))
    }

    @Test func aMoveBetweenMissesStartsTheCountOver() {
        var (game, clock) = table(seats: 1)
        _ = clock.passOverdueTurn(of: &game, at: start + day)
        _ = clock.passOverdueTurn(of: &game, at: start + 2 * day)
        #expect(clock.missesInARow == [2])
        let frog = ids(game, showing: "🐸")[0]
        game.choose(cardID: frog, by: 0, at: start + 2 * day + 5)
        clock.noteMove(by: 0, in: game, at: start + 2 * day + 5)
        #expect(clock.missesInARow == [0])
        #expect(clock.passOverdueTurn(of: &game, at: start + 3 * day + 5)?.forfeited == false)
    }

    @Test func aFinishedGameHasNoTurnToPass() {
        var (game, clock) = table(seats: 1)
        for emoji in ["🐸", "🦊", "🐼"] {
            for id in ids(game, showing: emoji) { game.choose(cardID: id, by: 0, at: start) }
        }
        #expect(game.isOver)
        #expect(clock.passOverdueTurn(of: &game, at: start + 10 * day) == nil)
    }

    @Test func aClockIsKeptAsJSONAndReadBack() throws {
        var (game, clock) = table()
        _ = clock.passOverdueTurn(of: &game, at: start + day)
        let read = try JSONDecoder().decode(TurnClock.self, from: try JSONEncoder().encode(clock))
        #expect(read == clock)
    }

    /// Whatever is played and missed, in any order: the turn is never a given-up seat's while
    /// another seat plays on, a seat short of the limit is never given up, and the clock runs for
    /// the seat whose turn it is.
    @Test func theTurnNeverFallsToASeatGivenUp() async {
        await propertyCheck(
            input: Gen.int(in: 1...4), Gen.int(in: 0...1_000).array(of: 0...60)
        ) { seats, steps in
            var (game, clock) = table(seats: seats)
            var now = start
            for step in steps {
                if step % 3 == 0 {
                    now += day
                    _ = clock.passOverdueTurn(of: &game, at: now)
                } else {
                    now += 60
                    let card = game.game.cards[step % game.game.cards.count]
                    let mover = game.turn
                    if case .refused = game.choose(cardID: card.id, by: mover, at: now) { continue }
                    clock.noteMove(by: mover, in: game, at: now)
                }
                #expect(clock.seat == game.turn)
                #expect(Set(clock.forfeitedSeats).count == clock.forfeitedSeats.count)
                #expect(Set(clock.forfeitedSeats) == game.absentSeats)
                if !clock.isAbandoned(game) { #expect(!clock.hasForfeited(game.turn)) }
                for seat in 0..<seats where !clock.hasForfeited(seat) {
                    #expect(clock.missesInARow[seat] < clock.missLimit)
                }
            }
        }
    }
}
