import CardTableBasics
import Foundation
import MemorizeCore
import SetCore
import Testing

@testable import CardTableWeb

/// What a room's bots decide: only on what players see, the same at the same event, and only
/// while a person plays.
struct RoomBotPlannerTests {
    private let ana = PlayerID.random()
    private let seenAt = Date(timeIntervalSince1970: 1_000_000)

    private func startedSetRoom(bots levels: [BotLevel]) throws -> Room {
        var room = try Room(
            code: #require(RoomCode("ABC234")), game: .set, theme: nil, host: ana,
            hostName: DisplayName(typed: "Ana"))
        for level in levels { _ = try room.addBot(level, as: .random(), by: ana) }
        var generator = SystemRandomNumberGenerator()
        _ = try room.start(by: ana, using: &generator, at: seenAt)
        return room
    }

    @Test func everySetBotClaimsAMatchOnTheTableAfterItsDelay() throws {
        let room = try startedSetRoom(bots: [.beginner, .expert])
        guard case .set(let game)? = room.table else { throw RoomRefusal.wrongGame }
        let moves = RoomBotPlanner.moves(in: room, lastEvent: 4, seenAt: seenAt, turnBackDelay: 1.5)
        #expect(moves.map(\.member) == [2, 3])
        for move in moves {
            guard case .claim(let numbers) = move.action else {
                Issue.record("\(move.action) is not a claim")
                continue
            }
            let cards = numbers.compactMap(SetCard.init(id:))
            #expect(cards.count == 3 && cards.allSatisfy(game.table.contains))
            #expect(move.due > seenAt)
        }
        #expect(moves == RoomBotPlanner.moves(in: room, lastEvent: 4, seenAt: seenAt, turnBackDelay: 1.5))
        #expect(moves != RoomBotPlanner.moves(in: room, lastEvent: 5, seenAt: seenAt, turnBackDelay: 1.5))
    }

    @Test func botsRestWhenNoPersonPlays() throws {
        var room = try startedSetRoom(bots: [.quick])
        _ = room.leave(ana, at: seenAt)
        #expect(!room.hasPersonPlaying)
        #expect(RoomBotPlanner.moves(in: room, lastEvent: 5, seenAt: seenAt, turnBackDelay: 1.5).isEmpty)
    }

    @Test func aBotAsksForCardsOnceEveryPersonHas() throws {
        var room = try startedSetRoom(bots: [.casual])
        _ = try room.voteToDeal(by: ana, at: seenAt)
        let moves = RoomBotPlanner.moves(in: room, lastEvent: 5, seenAt: seenAt, turnBackDelay: 1.5)
        #expect(moves.map(\.action) == [.voteToDeal])
        #expect(moves.first?.due == seenAt.addingTimeInterval(SetBotLevel.casual.secondsToTakeInATable))
    }

    @Test func onlyTheMemorizeBotWhoseTurnItIsMovesAndAMismatchShowsFirst() throws {
        var room = try Room(
            code: #require(RoomCode("ABC234")), game: .memorize,
            theme: Theme("Pets", "🐶🐱🐭", color: .named("orange")), host: ana,
            hostName: DisplayName(typed: "Ana"))
        _ = try room.addBot(.quick, as: .random(), by: ana)
        var generator = SystemRandomNumberGenerator()
        _ = try room.start(by: ana, using: &generator, at: seenAt)
        // Ana's turn: the bot waits.
        #expect(RoomBotPlanner.moves(in: room, lastEvent: 3, seenAt: seenAt, turnBackDelay: 1.5).isEmpty)
        guard case .memorize(let game)? = room.table else { throw RoomRefusal.wrongGame }
        let first = try #require(game.game.cards.first)
        let other = try #require(game.game.cards.first { $0.content != first.content })
        _ = try room.choose(cardID: first.id, by: ana, at: seenAt)
        _ = try room.choose(cardID: other.id, by: ana, at: seenAt)
        let moves = RoomBotPlanner.moves(in: room, lastEvent: 5, seenAt: seenAt, turnBackDelay: 30)
        #expect(moves.map(\.action) == [.turnACard])
        #expect(moves.first?.due == seenAt.addingTimeInterval(30))
    }

    @Test func aSetBotsSearchCountsFromTheTablesLastChangeWhateverHappenedSince() throws {
        let lobby = try startedSetRoom(bots: [])
        var room = try startedSetRoom(bots: [.casual, .expert])
        room.noteCardsDealt(since: lobby, firstEvent: 4, at: seenAt)
        let atTheDeal = RoomBotPlanner.moves(in: room, lastEvent: 4, seenAt: seenAt, turnBackDelay: 1.5)
        #expect(atTheDeal.count == 2)
        // A later event that left the table as it was (someone came back, say) changes nothing.
        let later = RoomBotPlanner.moves(
            in: room, lastEvent: 9, seenAt: seenAt.addingTimeInterval(20), turnBackDelay: 1.5)
        #expect(later == atTheDeal)
    }

    @Test func aBotThatClaimedWronglySearchesAgainFromItsMiss() throws {
        let lobby = try startedSetRoom(bots: [])
        var room = try startedSetRoom(bots: [.beginner, .casual])
        room.noteCardsDealt(since: lobby, firstEvent: 4, at: seenAt)
        let before = RoomBotPlanner.moves(in: room, lastEvent: 4, seenAt: seenAt, turnBackDelay: 1.5)
        let missedAt = seenAt.addingTimeInterval(30)
        room.noteBotMissed(2, at: RoomMoment(event: 6, at: missedAt))
        let after = RoomBotPlanner.moves(in: room, lastEvent: 6, seenAt: missedAt, turnBackDelay: 1.5)
        let (beginnerBefore, beginnerAfter) = (try #require(before.first), try #require(after.first))
        #expect(beginnerAfter.member == 2)
        #expect(beginnerAfter.due > missedAt)
        #expect(beginnerAfter != beginnerBefore)
        // The other bot's search of the same table goes on as it was.
        #expect(after.last == before.last)
    }

    @Test func botsWaitForAPersonWhoMadeNoMoveForTheirPatience() throws {
        var room = try startedSetRoom(bots: [.expert])
        let anasMove = [RoomHappening(kind: .dealVote, text: "Ana asks for more cards.", member: 1)]
        room.notePersonActed(in: anasMove, at: RoomMoment(event: 5, at: seenAt))
        #expect(!RoomBotPlanner.moves(in: room, lastEvent: 5, seenAt: seenAt, turnBackDelay: 1.5).isEmpty)
        let afterPatience = seenAt.addingTimeInterval(Room.botPatience)
        #expect(
            RoomBotPlanner.moves(in: room, lastEvent: 6, seenAt: afterPatience, turnBackDelay: 1.5).isEmpty)
        // A bot's own event is not a person's.
        let botsMove = [RoomHappening(kind: .scored, text: "Expert bot found a Set.", member: 2)]
        room.notePersonActed(in: botsMove, at: RoomMoment(event: 7, at: afterPatience))
        #expect(
            RoomBotPlanner.moves(in: room, lastEvent: 7, seenAt: afterPatience, turnBackDelay: 1.5).isEmpty)
        room.notePersonActed(in: anasMove, at: RoomMoment(event: 8, at: afterPatience))
        #expect(
            !RoomBotPlanner.moves(in: room, lastEvent: 8, seenAt: afterPatience, turnBackDelay: 1.5).isEmpty)
    }

    @Test func aBotHandedASeatSearchesTheTableFromWhenItSatDown() throws {
        let bo = PlayerID.random()
        var room = try Room(
            code: #require(RoomCode("ABC234")), game: .set, theme: nil, host: ana,
            hostName: DisplayName(typed: "Ana"))
        let lobby = room
        _ = try room.join(bo, as: DisplayName(typed: "Bo"))
        var generator = SystemRandomNumberGenerator()
        _ = try room.start(by: ana, using: &generator, at: seenAt)
        room.noteCardsDealt(since: lobby, firstEvent: 3, at: seenAt)
        _ = room.leave(bo, at: seenAt)
        let satDown = seenAt.addingTimeInterval(120)
        _ = try room.handSeatToBot(of: 2, level: .expert, as: .random(), by: ana, at: satDown)
        let moves = RoomBotPlanner.moves(in: room, lastEvent: 5, seenAt: satDown, turnBackDelay: 1.5)
        let move = try #require(moves.first)
        // Not at once, though the table has not changed for two minutes.
        #expect(move.due > satDown)
    }

    @Test func botsThatRestedSearchTheTableAgainWhenAPersonComesBack() throws {
        let lobby = try startedSetRoom(bots: [])
        var room = try startedSetRoom(bots: [.expert])
        room.noteCardsDealt(since: lobby, firstEvent: 3, at: seenAt)
        _ = room.leave(ana, at: seenAt)
        let away = room
        #expect(RoomBotPlanner.moves(in: away, lastEvent: 4, seenAt: seenAt, turnBackDelay: 1.5).isEmpty)
        // Ana comes back ten minutes later: the bot does not claim at once what it saw before.
        let back = seenAt.addingTimeInterval(600)
        let returned = room.comeBack(ana)
        room.notePersonActed(in: returned, at: RoomMoment(event: 5, at: back))
        room.restartBotSearches(ifRestingIn: away, at: RoomMoment(event: 5, at: back))
        let move = try #require(
            RoomBotPlanner.moves(in: room, lastEvent: 5, seenAt: back, turnBackDelay: 1.5).first)
        #expect(move.due > back)
        // Bots that were playing go on with their search.
        let playing = room
        room.restartBotSearches(
            ifRestingIn: playing, at: RoomMoment(event: 6, at: back.addingTimeInterval(1)))
        #expect(RoomBotPlanner.moves(in: room, lastEvent: 6, seenAt: back, turnBackDelay: 1.5).first == move)
    }
}
