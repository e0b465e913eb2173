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
}
