import CardTableBasics
import Foundation
import MemorizeCore

extension Room {
    /// When the turn under way passes if its player does not move: in a game played a turn a
    /// day; nil otherwise (and between games).
    var turnDue: Date? {
        phase == .playing ? turnClock?.deadline : nil
    }

    /// The room's game in words: "Memorize · Animals", "Set-Chain".
    var gameTitle: String {
        theme.map { "Memorize · \($0.name)" } ?? setVariant.gameName
    }

    /// The member whose turn it is in a Memorize game under way, if it is a person's.
    var memberToPlay: RoomMember? {
        guard phase == .playing, case .memorize(let game)? = table else { return nil }
        return member(atSeat: game.turn)
    }

    /// Whether the member at `seat` gave their seat up in the game played a turn a day.
    func hasForfeited(seat: Int?) -> Bool {
        guard let seat, phase != .lobby else { return false }
        return turnClock?.hasForfeited(seat) ?? false
    }

    /// Marks `player` away when their last page closed, or back when one opened. A room played a
    /// turn a day has nobody away: its players need no open page, and a turn waits a day.
    mutating func notePresence(of player: PlayerID, isAway: Bool, at now: Date) -> [RoomHappening] {
        guard pace == .live else { return [] }
        return isAway ? leave(player, at: now) : comeBack(player)
    }

    /// Passes the turn of a game played a turn a day if its day is over at `now`: its player
    /// missed it, or, at ``RoomPace/missLimit`` misses in a row, gave up their seat. The game
    /// ends when every seat was given up (or, rated, when fewer than two players are left).
    mutating func passOverdueTurn(at now: Date) -> [RoomHappening] {
        guard phase == .playing, case .memorize(var game)? = table, var clock = turnClock,
            let lapse = clock.passOverdueTurn(of: &game, at: now)
        else { return [] }
        setTable(.memorize(game))
        setTurnClock(clock)
        let missed = member(atSeat: lapse.seat)
        let name = name(ofSeat: lapse.seat)
        var happenings: [RoomHappening]
        if lapse.forfeited {
            if let missed { updateMember(missed.number) { $0.isAway = true } }
            happenings = [
                RoomHappening(
                    kind: .forfeited,
                    text: "\(name) missed \(lapse.missesInARow) turns in a row and gave up their seat.",
                    member: missed?.number)
            ]
        } else {
            let count = lapse.missesInARow == 1 ? "" : " (\(lapse.missesInARow) in a row)"
            happenings = [
                RoomHappening(
                    kind: .turnMissed, text: "\(name) did not play within a day\(count).",
                    member: missed?.number)
            ]
        }
        if clock.isAbandoned(game) || (isRated && activeSeats.count < 2) {
            finish()
            happenings.append(RoomHappening(kind: .gameOver, text: "Game over! " + (resultText ?? "")))
        } else if let next = member(atSeat: game.turn) {
            happenings.append(
                RoomHappening(kind: .turnPassed, text: "It is \(next.name)'s turn.", member: next.number))
        }
        return happenings
    }
}
