import Foundation
import MemorizeCore
import SeededRandom
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// A room's rules, without the network: who may join, start and move, and what everyone sees.
@Suite struct RoomTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let host = PlayerID.random()
    let guest = PlayerID.random()

    private func name(_ text: String) -> DisplayName { try! DisplayName(typed: text) }

    private func room(_ game: CardGame = .set, guests: [PlayerID] = []) throws -> Room {
        let theme = game == .memorize ? Theme("Pets", "🐶🐱🐭", color: .named("orange")) : nil
        var room = Room(
            code: RoomCode("K7QX4P")!, game: game, theme: theme, host: host, hostName: name("Ana"))
        for (index, player) in guests.enumerated() {
            _ = try room.join(player, as: name("Guest \(index + 1)"))
        }
        return room
    }

    private func started(_ game: CardGame = .set, guests: [PlayerID]) throws -> Room {
        var room = try room(game, guests: guests)
        var generator = SeededGenerator(seed: 3)
        _ = try room.start(by: host, using: &generator, at: now)
        return room
    }

    /// Three cards of `table` that are no Set (the first two and another), by number.
    private func noSet(on table: [SetCard]) throws -> [Int] {
        let third = try #require(
            table.indices.dropFirst(2).first { !SetRules.isSet(table[0], table[1], table[$0]) })
        return [table[0].id, table[1].id, table[third].id]
    }

    private func setGame(_ room: Room) throws -> MultiplayerSetGame {
        guard case .set(let game)? = room.table else { throw RoomRefusal.wrongGame }
        return game
    }

    // MARK: - Lobby

    @Test func membersAreNumberedInTheOrderTheyJoinAndNamesAreUnique() throws {
        var room = try room()
        let joined = try room.join(guest, as: name("Bo"))
        #expect(joined.map(\.text) == ["Bo joined."])
        #expect(room.members.map(\.number) == [1, 2])
        #expect(throws: RoomRefusal.nameTaken(name("ana"))) {
            try room.join(PlayerID.random(), as: name("ana"))
        }
        // Joining again renames.
        let renamed = try room.join(guest, as: name("Bea"))
        #expect(renamed.map(\.kind) == [.renamed])
        #expect(room.member(for: guest)?.name == name("Bea"))
        #expect(try room.join(guest, as: name("Bea")).isEmpty)
    }

    @Test func aRoomHoldsAtMostThirtyTwoMembers() throws {
        var room = try room()
        for index in 2...Room.maximumMembers { _ = try room.join(PlayerID.random(), as: name("P\(index)")) }
        #expect(throws: RoomRefusal.full) { try room.join(PlayerID.random(), as: name("One too many")) }
    }

    @Test func onlyTheHostStartsAndTheFirstEightPlay() throws {
        let guests = (0..<9).map { _ in PlayerID.random() }
        var room = try room(guests: guests)
        var generator = SeededGenerator(seed: 1)
        #expect(throws: RoomRefusal.notTheHost) { try room.start(by: guests[0], using: &generator, at: now) }
        #expect(throws: RoomRefusal.notAMember) {
            try room.start(by: PlayerID.random(), using: &generator, at: now)
        }
        let started = try room.start(by: host, using: &generator, at: now)
        #expect(started.first?.kind == .started)
        #expect(room.phase == .playing)
        #expect(room.gameNumber == 1)
        #expect(room.members.prefix(8).map(\.seat) == Array(0..<8))
        #expect(room.members[8...].allSatisfy { $0.seat == nil })
        #expect(try setGame(room).seatCount == 8)
        #expect(throws: RoomRefusal.alreadyStarted) { try room.start(by: host, using: &generator, at: now) }
        // The ninth guest watches.
        #expect(throws: RoomRefusal.notAPlayer) { try room.voteToDeal(by: guests[8], at: now) }
        let late = try room.join(PlayerID.random(), as: name("Late"))
        #expect(late.first?.text == "Late joined. They will play in the next game.")
    }

    @Test func nothingMovesBeforeTheStart() throws {
        var room = try room(guests: [guest])
        #expect(throws: RoomRefusal.notStarted) { try room.claim([0, 1, 2], by: guest, at: now) }
    }

    // MARK: - Set

    @Test func theFirstClaimScoresTheSecondIsTooLate() throws {
        var room = try started(guests: [guest])
        let trio = try #require(try setGame(room).matchesOnTable.first).cards.map(\.id)
        let scored = try room.claim(trio, by: guest, at: now)
        #expect(scored.first?.kind == .scored)
        #expect(scored.first?.member == 2)
        #expect(scored.first?.text.hasPrefix("Guest 1 found a Set: ") == true)
        let late = try room.claim(trio, by: host, at: now)
        #expect(late.map(\.kind) == [.tooLate])
        #expect(late.first?.text == "Ana was too late: Guest 1 took those cards first.")
        #expect(try setGame(room).scores == [0, 1])
        #expect(throws: RoomRefusal.claim("There is no card 81: Set's cards are numbered 0 to 80.")) {
            try room.claim([0, 1, 81], by: host, at: now)
        }
        #expect(throws: RoomRefusal.notAMember) { try room.claim(trio, by: PlayerID.random(), at: now) }
    }

    @Test func aWrongSetSaysWhyAndCostsAPoint() throws {
        var room = try started(guests: [guest])
        let table = try setGame(room).table
        let wrong = try noSet(on: table)
        let happenings = try room.claim(wrong, by: host, at: now)
        #expect(happenings.map(\.kind) == [.wrongSet])
        #expect(happenings.first?.text.hasPrefix("Ana: not a Set, ") == true)
        #expect(happenings.first?.text.hasSuffix(". Minus 1.") == true)
        #expect(try setGame(room).scores == [-1, 0])
    }

    @Test func theRoomKnowsWhenEachCardOnTheTableWasDealt() throws {
        var room = try started(guests: [guest])
        room.noteCardsDealt(since: try self.room(guests: [guest]), firstEvent: 3, at: now)
        let opening = Set(try setGame(room).table)
        #expect(
            room.setCardArrivals(through: nil)
                == Dictionary(uniqueKeysWithValues: opening.map { ($0, .at(now)) }))
        let before = room
        let trio = try #require(try setGame(room).matchesOnTable.first).cards.map(\.id)
        _ = try room.claim(trio, by: guest, at: now + 5)
        room.noteCardsDealt(since: before, firstEvent: 4, at: now + 5)
        let table = Set(try setGame(room).table)
        let arrivals = room.setCardArrivals(through: nil)
        #expect(Set(arrivals.keys) == table, "the Set's cards are forgotten")
        for card in table {
            #expect(arrivals[card] == .at(opening.contains(card) ? now : now + 5))
        }
        #expect(room.setCardsDealtAt?.count == table.count)
    }

    @Test func aCardReachesASocketsPlayerWhenItsEventWentOutOnIt() throws {
        var room = try started(guests: [guest])
        room.noteCardsDealt(since: try self.room(guests: [guest]), firstEvent: 3, at: now)
        var opening = Set(try setGame(room).table)
        var dealt: Set<SetCard> = []
        // NB: a Set taken from more than 12 cards deals none: Sets are taken until one does.
        while dealt.isEmpty {
            opening = Set(try setGame(room).table)
            let before = room
            let trio = try #require(try setGame(room).matchesOnTable.first).cards.map(\.id)
            _ = try room.claim(trio, by: guest, at: now + 5)
            room.noteCardsDealt(since: before, firstEvent: 4, at: now + 5)
            dealt = Set(try setGame(room).table).subtracting(opening)
        }
        // A socket that sent the opening deal at once and the new cards 2 s after they were dealt.
        var deliveries = EventDeliveries()
        deliveries.record(through: 3, at: now)
        deliveries.record(through: 4, at: now + 7)
        var arrivals = room.setCardArrivals(through: deliveries)
        for card in dealt { #expect(arrivals[card] == .at(now + 7)) }
        // One that has not sent them yet: they have not reached its player, however long ago dealt.
        deliveries = EventDeliveries()
        deliveries.record(through: 3, at: now)
        arrivals = room.setCardArrivals(through: deliveries)
        for card in dealt { #expect(arrivals[card] == .notYet) }
        // One whose client had every event when it connected: from when each was dealt.
        arrivals = room.setCardArrivals(through: EventDeliveries(heldThrough: 4))
        for card in dealt { #expect(arrivals[card] == .at(now + 5)) }
    }

    @Test func aClaimNamingACardThatReachedItsPlayerWithinAReactionTimeCostsNothing() throws {
        var room = try started(guests: [guest])
        room.noteCardsDealt(since: try self.room(guests: [guest]), firstEvent: 3, at: now)
        let table = try setGame(room).table
        let wrong = try noSet(on: table)
        let reaction = MultiplayerSetGame.reactionTime
        for delay in [0, 0.05, 0.1, 0.2, 0.3, 0.5, reaction - 0.001] {
            let happenings = try room.claim(wrong, by: host, at: now + delay)
            #expect(happenings.map(\.kind) == [.tableChanged], "a claim \(delay) s after the deal")
        }
        #expect(try setGame(room).scores == [0, 0])
        #expect(try room.claim(wrong, by: host, at: now + reaction + 0.001).map(\.kind) == [.wrongSet])
        #expect(try room.claim(wrong, by: host, at: now + 1).map(\.kind) == [.wrongSet])
        #expect(try setGame(room).scores == [-2, 0])
    }

    @Test func aRoomStoredBeforeDealsWereKeptJudgesClaimsAsBefore() throws {
        var room = try started(guests: [guest])
        let json = String(decoding: try JSONEncoder().encode(room), as: UTF8.self)
        #expect(!json.contains("setCardsDealtAt") && !json.contains("setCardsDealtTime"))
        room = try JSONDecoder().decode(Room.self, from: Data(json.utf8))
        #expect(room.setCardsDealtAt == nil && room.setCardsDealtTime == nil)
        let table = try setGame(room).table
        let wrong = try noSet(on: table)
        #expect(try room.claim(wrong, by: host, at: now).map(\.kind) == [.wrongSet])
        // The next change notes what it deals; the cards from before reached everyone long ago.
        let before = room
        _ = try room.voteToDeal(by: host, at: now)
        _ = try room.voteToDeal(by: guest, at: now)
        room.noteCardsDealt(since: before, firstEvent: 9, at: now + 2)
        let dealt = Set(try setGame(room).table).subtracting(table)
        #expect(dealt.count >= 3)
        #expect(Set(room.setCardArrivals(through: nil).keys) == dealt)
    }

    @Test func aRematchDealsEveryCardAnew() throws {
        var room = try started(guests: [guest])
        room.noteCardsDealt(since: try self.room(guests: [guest]), firstEvent: 3, at: now)
        var claims = 0
        while room.phase == .playing, claims < 40 {
            let before = room
            let moment = now + Double(claims + 1)
            if let trio = try setGame(room).matchesOnTable.first {
                _ = try room.claim(trio.cards.map(\.id), by: host, at: moment)
            } else {
                _ = try room.voteToDeal(by: host, at: moment)
                _ = try room.voteToDeal(by: guest, at: moment)
            }
            room.noteCardsDealt(since: before, firstEvent: 4 + claims, at: moment)
            claims += 1
        }
        let finished = room
        var generator = SeededGenerator(seed: 4)
        let rematch = now + 100
        _ = try room.start(by: host, using: &generator, at: rematch)
        room.noteCardsDealt(since: finished, firstEvent: 100, at: rematch)
        let table = try setGame(room).table
        #expect(
            room.setCardArrivals(through: nil)
                == Dictionary(uniqueKeysWithValues: table.map { ($0, .at(rematch)) }))
    }

    @Test func threeMoreCardsComeWhenEveryoneHereAsks() throws {
        let third = PlayerID.random()
        var room = try started(guests: [guest, third])
        let count = try setGame(room).table.count
        let first = try room.voteToDeal(by: host, at: now)
        #expect(first.first?.text == "Ana asks for 3 more cards (1 of 3).")
        _ = try room.voteToDeal(by: guest, at: now)
        // The third player leaves instead of voting: the others agreed, so the cards come.
        let left = room.leave(third, at: now)
        #expect(left.map(\.kind) == [.left, .dealt])
        #expect(try setGame(room).table.count == count + 3)
        #expect(throws: RoomRefusal.claim("You are marked away; come back to play.")) {
            try room.voteToDeal(by: third, at: now)
        }
        #expect(room.comeBack(third).map(\.kind) == [.returned])
    }

    @Test func theLastSetEndsTheGameAndTheHostStartsARematch() throws {
        var room = try started(guests: [guest])
        var claims = 0
        while room.phase == .playing, claims < 40 {
            if let trio = try setGame(room).matchesOnTable.first {
                _ = try room.claim(trio.cards.map(\.id), by: claims.isMultiple(of: 2) ? host : guest, at: now)
            } else {
                _ = try room.voteToDeal(by: host, at: now)
                _ = try room.voteToDeal(by: guest, at: now)
            }
            claims += 1
        }
        #expect(room.phase == .finished)
        #expect(try setGame(room).isOver)
        let spectator = PlayerID.random()
        _ = try room.join(spectator, as: name("Cy"))
        var generator = SeededGenerator(seed: 9)
        let rematch = try room.start(by: host, using: &generator, at: now)
        #expect(rematch.first?.text == "Game 2 begins: Ana, Guest 1, Cy.")
        #expect(room.gameNumber == 2)
        #expect(room.member(for: spectator)?.seat == 2)
    }

    // MARK: - Memorize

    @Test func memorizePlayersTakeTurns() throws {
        var room = try started(.memorize, guests: [guest])
        guard case .memorize(let game)? = room.table else { throw RoomRefusal.wrongGame }
        let cards = game.game.cards
        let (first, other) = (cards[0], try #require(cards.first { $0.content != cards[0].content }))
        #expect(throws: RoomRefusal.move("Wait for your turn: it is Ana's.")) {
            try room.choose(cardID: first.id, by: guest, at: now)
        }
        #expect(try room.choose(cardID: first.id, by: host, at: now).map(\.kind) == [.turnedUp])
        let mismatch = try room.choose(cardID: other.id, by: host, at: now)
        #expect(mismatch.first?.text == "Ana turned up \(other.content): no match. Guest 1's turn.")
        #expect(room.turnMismatchBack(shownFor: 1.5, at: now).isEmpty, "shown for less than 1.5 s")
        #expect(room.turnMismatchBack(shownFor: 1.5, at: now + 1.5).map(\.kind) == [.turnedBack])
        #expect(room.turnMismatchBack(shownFor: 1.5, at: now + 1.5).isEmpty)
        #expect(try room.choose(cardID: first.id, by: guest, at: now).map(\.kind) == [.turnedUp])
        // Guest 1 leaves mid-turn: the card goes back down and it is Ana's turn.
        let left = room.leave(guest, at: now)
        #expect(left.map(\.text) == ["Guest 1 left.", "It is Ana's turn."])
    }

    /// Choosing card a, then card a ^ 1, found a pair every time when ids were given per pair.
    @Test func choosingIdsAAndItsNeighbourFindsAPairNoMoreOftenThanChance() throws {
        let theme = Theme("Animals", "🐶🐱🐭🐹🐰🦊🐻🐼", color: .named("orange"))
        let deals = 240
        var pairs = 0
        var guesses = SeededGenerator(seed: 1)
        for seed in 0..<deals {
            var room = Room(
                code: RoomCode("K7QX4P")!, game: .memorize, theme: theme, host: host, hostName: name("Ana"))
            _ = try room.join(guest, as: name("Bo"))
            var generator = SeededGenerator(seed: UInt64(seed))
            _ = try room.start(by: host, using: &generator, at: now)
            // All a player has: the ids on the table.
            let ids = try #require(RoomView(room).memorize).cards.map(\.id)
            let first = try #require(ids.randomElement(using: &guesses))
            _ = try room.choose(cardID: first, by: host, at: now)
            let second = try room.choose(cardID: first ^ 1, by: host, at: now)
            if second.first?.kind == .matched { pairs += 1 }
        }
        // A blind guess among the other 15 cards is right 16 times in 240 deals, give or take 4.
        #expect(pairs < deals * 2 / 15, "\(pairs) pairs in \(deals) deals")
    }

    @Test func theViewNeverShowsAFaceDownCard() throws {
        var room = try started(.memorize, guests: [guest])
        guard case .memorize(let game)? = room.table else { throw RoomRefusal.wrongGame }
        let card = game.game.cards[0]
        _ = try room.choose(cardID: card.id, by: host, at: now)
        let view = try #require(RoomView(room).memorize)
        #expect(view.cards.filter { $0.content != nil }.map(\.id) == [card.id])
        let json = String(decoding: try JSONEncoder().encode(RoomView(room)), as: UTF8.self)
        #expect(json.components(separatedBy: card.content).count == 2, "only the face-up card's emoji")
        #expect(!json.contains(host.rawValue))
    }

    @Test func theSetViewShowsTheTableButNotTheDeck() throws {
        let room = try started(guests: [guest])
        let game = try setGame(room)
        let view = try #require(RoomView(room).set)
        #expect(view.cards == game.table.map(\.id))
        #expect(view.deckCount == game.deck.count)
        let json = String(decoding: try JSONEncoder().encode(RoomView(room)), as: UTF8.self)
        #expect(!json.contains("deck\""))
        #expect(!json.contains(guest.rawValue))
    }

    @Test func aRoomReadsBackAsItWasSaved() throws {
        var room = try started(.memorize, guests: [guest])
        _ = room.leave(guest, at: now)
        let data = try JSONEncoder().encode(room)
        #expect(try JSONDecoder().decode(Room.self, from: data) == room)
    }
}
