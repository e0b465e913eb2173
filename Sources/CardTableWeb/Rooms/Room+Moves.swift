import CardTableBasics
import Foundation
import MemorizeCore
import SetCore

extension Room {
    // MARK: - Set

    /// Judges `player`'s claim that the cards numbered `cardNumbers` are a Set: a claim naming a
    /// card that reached them (through their socket's `deliveries`, or else when it was dealt)
    /// less than ``MultiplayerSetGame/reactionTime`` before `now` is "the table changed" and
    /// costs nothing.
    mutating func claim(
        _ cardNumbers: [Int], deliveries: EventDeliveries? = nil, by player: PlayerID, at now: Date
    ) throws(RoomRefusal) -> [RoomHappening] {
        let (member, seat) = try requireSeat(of: player)
        guard case .set(var game)? = table else { throw .wrongGame }
        var cards: [SetCard] = []
        for number in cardNumbers {
            guard let card = SetCard(id: number) else {
                throw .claim("There is no card \(number): Set's cards are numbered 0 to 80.")
            }
            cards.append(card)
        }
        let outcome = game.claim(cards, by: seat, at: now, arrivals: setCardArrivals(through: deliveries))
        var happenings: [RoomHappening]
        switch outcome {
        case .scored(let match, let points, _, let autoDealt):
            let described = match.cards.map(SetVocabulary.describe).joined(separator: ", ")
            let found = game.variant.aMatch
            happenings = [
                RoomHappening(
                    kind: .scored, text: "\(member.name) found \(found): \(described). Plus \(points).",
                    member: member.number, cards: match.cards.map(\.id))
            ]
            if !autoDealt.isEmpty {
                var dealt = dealtHappening(autoDealt, in: game)
                dealt = RoomHappening(
                    kind: .dealt, text: "No \(game.variant.matchName) on the table: " + dealt.text,
                    cards: dealt.cards)
                happenings.append(dealt)
            }
        case .notASet(let violations, let penalty):
            let why =
                violations.isEmpty
                ? game.variant.ownMismatchReason : "not a Set, \(SetVocabulary.explain(violations))."
            happenings = [
                RoomHappening(
                    kind: .wrongSet, text: "\(member.name): \(why) Minus \(penalty).",
                    member: member.number, cards: cards.map(\.id))
            ]
        case .tooLate(let taker):
            // NB: in Set-Chain, a card of a previous Set leaves play when a newer Set replaces it.
            let takerName = self.member(atSeat: taker)?.name.text ?? "someone"
            happenings = [
                RoomHappening(
                    kind: .tooLate, text: "\(member.name) was too late: \(takerName) took those cards first.",
                    member: member.number, cards: cards.map(\.id))
            ]
        case .tableChanged:
            happenings = [
                RoomHappening(
                    kind: .tableChanged, text: "The table changed as \(member.name) claimed: no penalty.",
                    member: member.number, cards: cards.map(\.id))
            ]
        case .rejected(let reason):
            throw .claim(Self.describe(reason, in: game.variant))
        }
        setTable(.set(game))
        return happenings + endIfOver()
    }

    /// Records `player`'s vote for three more cards; they are dealt once every player still
    /// here has voted.
    mutating func voteToDeal(by player: PlayerID, at now: Date) throws(RoomRefusal) -> [RoomHappening] {
        let (member, seat) = try requireSeat(of: player)
        guard case .set(var game)? = table else { throw .wrongGame }
        let happening: RoomHappening
        switch game.voteToDeal(by: seat, activeSeats: activeSeats, at: now) {
        case .voted(let votes, let needed):
            happening = RoomHappening(
                kind: .dealVote, text: "\(member.name) asks for 3 more cards (\(votes) of \(needed)).",
                member: member.number)
        case .dealt(let cards):
            happening = dealtHappening(cards, in: game)
        case .rejected(let reason):
            throw .claim(Self.describe(reason, in: game.variant))
        }
        setTable(.set(game))
        return [happening] + endIfOver()
    }

    // MARK: - Memorize

    /// Turns the card with id `cardID` for `player`, if it is their turn.
    mutating func choose(cardID: Int, by player: PlayerID, at now: Date) throws(RoomRefusal)
        -> [RoomHappening]
    {
        let (member, seat) = try requireSeat(of: player)
        guard case .memorize(var game)? = table else { throw .wrongGame }
        let outcome = game.choose(cardID: cardID, by: seat, at: now)
        let content = game.game.cards.first { $0.id == cardID }?.content ?? ""
        let happening: RoomHappening
        switch outcome {
        case .turnedUp:
            happening = RoomHappening(
                kind: .turnedUp, text: "\(member.name) turned up \(content).", member: member.number,
                cards: [cardID])
        case .matched:
            happening = RoomHappening(
                kind: .matched, text: "\(member.name) matched \(content) and goes again.",
                member: member.number,
                cards: [cardID])
        case .mismatched(let nextTurn):
            let next = self.member(atSeat: nextTurn)?.name.text ?? "the next player"
            happening = RoomHappening(
                kind: .mismatched, text: "\(member.name) turned up \(content): no match. \(next)'s turn.",
                member: member.number, cards: [cardID])
        case .refused(let refusal):
            throw .move(describe(refusal))
        }
        setTable(.memorize(game))
        if var clock = turnClock {
            clock.noteMove(by: seat, in: game, at: now)
            setTurnClock(clock)
        }
        letBotsLook()
        var happenings = [happening]
        if case .matched = outcome, game.isOver {
            happenings[0] = RoomHappening(
                kind: .matched, text: "\(member.name) matched \(content).", member: member.number,
                cards: [cardID])
        }
        return happenings + endIfOver()
    }

    /// Turns a mismatch back face down once it has shown for `delay` seconds (the room's
    /// turn-back delay); one shown for less stays up, for its own timer.
    mutating func turnMismatchBack(shownFor delay: TimeInterval, at now: Date) -> [RoomHappening] {
        guard phase == .playing, case .memorize(var game)? = table,
            game.turnMismatchBack(shownFor: delay, at: now)
        else { return [] }
        setTable(.memorize(game))
        return [RoomHappening(kind: .turnedBack, text: "The cards turn back.")]
    }

    // MARK: - Private

    private static func describe(_ reason: MultiplayerRejection, in variant: SetVariant) -> String {
        switch reason {
        case .notASeat: "You are not playing at this table."
        case .gameOver: "The game is over."
        case .wrongNumberOfCards:
            variant == .ultra ? "A claim names four different cards." : "A claim names three different cards."
        case .cardNotOnTable: "Those cards are not all on the table."
        case .deckEmpty: "The deck is empty."
        case .notActive: "You are marked away; come back to play."
        }
    }

    private func describe(_ refusal: TurnRefusal) -> String {
        switch refusal {
        case .notASeat: "You are not playing at this table."
        case .gameOver: "The game is over."
        case .notYourTurn(let seat):
            "Wait for your turn: it is \(member(atSeat: seat)?.name.text ?? "another player")'s."
        case .noSuchCard: "There is no such card in this game."
        case .cardNotPlayable: "That card is already face up or matched."
        }
    }
}
