import CardTableBasics
import Foundation
import MemorizeCore
import SetCore

extension Room {
    /// Lets `player` in under `name`, or renames them if they are in already. A newcomer watches
    /// until the next game starts.
    /// - Throws: ``RoomRefusal/full`` when the room holds ``maximumMembers``;
    ///   ``RoomRefusal/nameTaken(_:)`` when another member's name looks like it (in any case, with
    ///   invisible characters, other widths or Cyrillic and Greek look-alikes: see ``NameSkeleton``).
    mutating func join(_ player: PlayerID, as name: DisplayName) throws(RoomRefusal) -> [RoomHappening] {
        // NB: a removed member's name is free again, unless their seat is still on the table.
        let sameName = members.first { $0.name.looksLike(name) && (!$0.wasRemoved || $0.seat != nil) }
        if let member = member(for: player) {
            guard !member.wasRemoved else { throw .removed }
            if let sameName, sameName.number != member.number { throw .nameTaken(name) }
            guard member.name != name else { return [] }
            updateMember(member.number) { $0.name = name }
            return [
                RoomHappening(kind: .renamed, text: "\(member.name) is now \(name).", member: member.number)
            ]
        }
        guard sameName == nil else { throw .nameTaken(name) }
        guard members.count < Self.maximumMembers else { throw .full }
        let number = (members.map(\.number).max() ?? 0) + 1
        add(RoomMember(number: number, player: player, name: name))
        let role = phase == .playing ? " They will play in the next game." : ""
        return [RoomHappening(kind: .joined, text: "\(name) joined.\(role)", member: number)]
    }

    /// Starts a game (a rematch after one ended) with the first ``maximumPlayers`` members who
    /// are here, in the order they joined. Only the host starts games; a rated room's need two
    /// players.
    mutating func start(
        by player: PlayerID, using generator: inout some RandomNumberGenerator, at now: Date
    ) throws(RoomRefusal) -> [RoomHappening] {
        let member = try requireMember(player)
        guard member.number == host.number else { throw .notTheHost }
        guard phase != .playing else { throw .alreadyStarted }
        // NB: a room played a turn a day needs nobody here: everyone still in it plays again,
        // those who gave up their seat last game too.
        if pace == .daily {
            for member in members where !member.wasRemoved && member.isMergedAway != true {
                updateMember(member.number) { $0.isAway = false }
            }
        }
        // NB: people take seats before computer opponents, who only watch when seats run out.
        let present = members.filter { !$0.isAway || $0.number == host.number }
        let seated = Array(
            (present.filter { $0.bot == nil } + present.filter { $0.bot != nil }).prefix(Self.maximumPlayers))
        guard !isRated || seated.count >= 2 else { throw .ratedNeedsTwoPlayers }
        let table: Table
        switch game {
        case .set:
            table = .set(MultiplayerSetGame(seatCount: seated.count, variant: setVariant, using: &generator))
        case .memorize:
            let cards = theme!.makeGame(using: &generator)
            table = .memorize(TurnBasedMemoryGame(cards, seatCount: seated.count))
        }
        beginGame(table, seating: seated.map(\.number))
        setTurnClock(pace == .daily ? RoomPace.turnClock(seatCount: seated.count, startingAt: now) : nil)
        resetBotMemories()
        let names = seated.map(\.name.text).joined(separator: ", ")
        let what = gameNumber == 1 ? "The game begins" : "Game \(gameNumber) begins"
        return [RoomHappening(kind: .started, text: "\(what): \(names).", member: member.number)]
    }

    /// Marks `player` away (they left, or dropped and did not come back in time): their turns are
    /// skipped and the table no longer waits for their vote to deal. A rated game that has fewer
    /// than two players left ends there (the one who stayed wins: see ``Room/ratedPlaces(since:)``).
    mutating func leave(_ player: PlayerID, at now: Date) -> [RoomHappening] {
        guard let member = member(for: player), !member.isAway else { return [] }
        updateMember(member.number) { $0.isAway = true }
        var happenings = [RoomHappening(kind: .left, text: "\(member.name) left.", member: member.number)]
        guard phase == .playing, let seat = member.seat else { return happenings }
        switch table {
        case .set(var game)?:
            if case .dealt(let cards)? = game.settleDealVotes(activeSeats: activeSeats, at: now) {
                happenings.append(dealtHappening(cards, in: game))
                setTable(.set(game))
                happenings += endIfOver()
            }
        case .memorize(var game)?:
            let hadTurn = game.turn == seat
            game.leave(seat)
            setTable(.memorize(game))
            followTurn(at: now)
            if hadTurn, let next = self.member(atSeat: game.turn), next.number != member.number {
                happenings.append(
                    RoomHappening(kind: .turnPassed, text: "It is \(next.name)'s turn.", member: next.number))
            }
        case nil:
            break
        }
        if isRated, phase == .playing, activeSeats.count < 2 {
            finish()
            happenings.append(RoomHappening(kind: .gameOver, text: "Game over! " + (resultText ?? "")))
        }
        return happenings
    }

    /// Marks `player` here again after they left.
    mutating func comeBack(_ player: PlayerID) -> [RoomHappening] {
        guard let member = member(for: player), member.isAway, !member.wasRemoved else { return [] }
        updateMember(member.number) { $0.isAway = false }
        if phase == .playing, let seat = member.seat, case .memorize(var game)? = table {
            game.rejoin(seat)
            setTable(.memorize(game))
        }
        return [RoomHappening(kind: .returned, text: "\(member.name) is back.", member: member.number)]
    }

    // MARK: - Internal

    /// Ends the game if its table says it is over.
    mutating func endIfOver() -> [RoomHappening] {
        guard phase == .playing else { return [] }
        switch table {
        case .set(let game)? where game.isOver: break
        case .memorize(let game)? where game.isOver: break
        default: return []
        }
        finish()
        return [RoomHappening(kind: .gameOver, text: "Game over! " + (resultText ?? ""))]
    }

    /// Who won the game on the table, in words: "Ana wins with 5.", "Ana and Bo tie with 3 pairs
    /// each."; nil before a game.
    var resultText: String? {
        if endedByLeavers { return leaversResult }
        return switch table {
        case .set(let game)?: setResult(game)
        case .memorize(let game)?: memorizeResult(game)
        case nil: nil
        }
    }

    /// The name of the member at `seat`, or "Player 3" when nobody is.
    func name(ofSeat seat: Int) -> String {
        member(atSeat: seat)?.name.text ?? "Player \(seat + 1)"
    }

    func dealtHappening(_ cards: [SetCard], in game: MultiplayerSetGame) -> RoomHappening {
        RoomHappening(
            kind: .dealt, text: "\(cards.count) more cards dealt: \(game.table.count) on the table.",
            cards: cards.map(\.id))
    }

    /// "Everyone else left: Ana wins." for a rated game that ended so; in a room played a turn a
    /// day, where seats are given up rather than left, "Everyone else is out: Ana wins." or "No
    /// seat is left in play.".
    private var leaversResult: String {
        let staying = members.filter { $0.seat != nil && !$0.isAway }.map(\.name.text)
        let isDaily = pace == .daily
        guard !staying.isEmpty else { return isDaily ? "No seat is left in play." : "Everyone left." }
        return "Everyone else \(isDaily ? "is out" : "left"): \(Self.list(staying)) wins."
    }

    private func setResult(_ game: MultiplayerSetGame) -> String {
        let winners = game.ranking.filter { $0.rank == 1 }
        let best = winners.first?.score ?? 0
        let names = winners.map { name(ofSeat: $0.seat) }
        let points = best == 1 ? "1 point" : "\(best) points"
        if names.count > 1 { return "\(Self.list(names)) share first place with \(points)." }
        return "\(names.first ?? "Nobody") wins with \(points)."
    }

    private func memorizeResult(_ game: TurnBasedMemoryGame<String>) -> String {
        let names = game.leaders.map { name(ofSeat: $0) }
        let pairs = game.leaders.first.map { game.pairs[$0] } ?? 0
        let word = pairs == 1 ? "pair" : "pairs"
        if names.count > 1 { return "\(Self.list(names)) tie with \(pairs) \(word) each." }
        return "\(names.first ?? "Nobody") wins with \(pairs) \(word)."
    }

    /// "Ana and Bo", "Ana, Bo and Cy".
    private static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
