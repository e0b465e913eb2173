import CardTableBasics
import Foundation
import MemorizeCore
import SetCore
import Testing

@testable import CardTableWeb

/// Computer opponents as room members: who may add them, when, what they are called, whose
/// seat they take, and what the room says of them.
struct RoomBotTests {
    private let ana = PlayerID.random()
    private let bo = PlayerID.random()
    private let start = Date(timeIntervalSince1970: 1_000_000)

    private func setRoom(rated: Bool = false) throws -> Room {
        try Room(
            code: #require(RoomCode("ABC234")), game: .set, theme: nil, rated: rated, host: ana,
            hostName: DisplayName(typed: "Ana"))
    }

    @Test func theHostAddsBotsNamedAfterTheirLevel() throws {
        var room = try setRoom()
        let happenings = try room.addBot(.casual, as: .random(), by: ana)
        #expect(happenings.map(\.text) == ["Casual bot joined: a computer opponent."])
        _ = try room.addBot(.casual, as: .random(), by: ana)
        _ = try room.addBot(.expert, as: .random(), by: ana)
        #expect(room.bots.map(\.name.text) == ["Casual bot", "Casual bot 2", "Expert bot"])
        #expect(room.bots.map(\.bot?.level) == [.casual, .casual, .expert])
        let view = RoomView(room)
        #expect(view.members.map(\.bot) == [nil, true, true, true])
        #expect(view.members.map(\.level) == [nil, .casual, .casual, .expert])
    }

    @Test func onlyTheHostAddsBotsBetweenGamesAndNeverInARatedRoom() throws {
        var room = try setRoom()
        _ = try room.join(bo, as: DisplayName(typed: "Bo"))
        #expect(throws: RoomRefusal.notTheHost) { try room.addBot(.quick, as: .random(), by: bo) }
        var rated = try setRoom(rated: true)
        #expect(throws: RoomRefusal.botsAreCasual) { try rated.addBot(.quick, as: .random(), by: ana) }
        var generator = SystemRandomNumberGenerator()
        _ = try room.start(by: ana, using: &generator, at: start)
        #expect(throws: RoomRefusal.alreadyStarted) { try room.addBot(.quick, as: .random(), by: ana) }
    }

    @Test func aBotIsRemovedBetweenGamesAndOnlyABot() throws {
        var room = try setRoom()
        _ = try room.join(bo, as: DisplayName(typed: "Bo"))
        _ = try room.addBot(.beginner, as: .random(), by: ana)
        #expect(throws: RoomRefusal.notABot(2)) { try room.removeBot(2, by: ana) }
        #expect(try room.removeBot(3, by: ana).map(\.text) == ["Beginner bot left."])
        #expect(room.bots.isEmpty)
        #expect(room.members.map(\.number) == [1, 2])
    }

    @Test func aBotPlaysInTheNextGameAndJoinsNoHistory() throws {
        var room = try setRoom()
        _ = try room.addBot(.expert, as: .random(), by: ana)
        var generator = SystemRandomNumberGenerator()
        _ = try room.start(by: ana, using: &generator, at: start)
        #expect(room.bots.first?.seat == 1)
        #expect(room.hasPersonPlaying)
        let before = room
        room.finish()
        let histories = room.finishedGames(since: before, at: start)
        #expect(histories.allSatisfy { $0.player == ana })
    }

    @Test func theSeatOfAPlayerWhoLeftGoesToABotWithItsScore() throws {
        var room = try setRoom()
        _ = try room.join(bo, as: DisplayName(typed: "Bo"))
        var generator = SystemRandomNumberGenerator()
        _ = try room.start(by: ana, using: &generator, at: start)
        #expect(throws: RoomRefusal.seatNotLeft) {
            try room.handSeatToBot(of: 2, level: .quick, as: .random(), by: ana, at: start)
        }
        _ = room.leave(bo, at: start)
        let botID = PlayerID.random()
        #expect(throws: RoomRefusal.notTheHost) {
            try room.handSeatToBot(of: 2, level: .quick, as: botID, by: bo, at: start)
        }
        let happenings = try room.handSeatToBot(of: 2, level: .quick, as: botID, by: ana, at: start)
        #expect(happenings.map(\.text) == ["Quick bot takes Bo's seat: a computer opponent."])
        #expect(room.member(for: bo)?.seat == nil)
        #expect(room.member(for: botID)?.seat == 1)
        #expect(room.activeSeats == [0, 1])
    }

    @Test func aMemorizeBotRemembersOnlyCardsTurnedFaceUp() throws {
        var room = try Room(
            code: #require(RoomCode("ABC234")), game: .memorize,
            theme: Theme("Pets", "🐶🐱🐭", color: .named("orange")), host: ana,
            hostName: DisplayName(typed: "Ana"))
        let botID = PlayerID.random()
        _ = try room.addBot(.expert, as: botID, by: ana)
        var generator = SystemRandomNumberGenerator()
        _ = try room.start(by: ana, using: &generator, at: start)
        #expect(room.bots.first?.bot?.memory?.memory.isEmpty == true)
        guard case .memorize(let game)? = room.table else { throw RoomRefusal.wrongGame }
        let first = try #require(game.game.cards.first)
        let other = try #require(game.game.cards.first { $0.content != first.content })
        _ = try room.choose(cardID: first.id, by: ana, at: start)
        _ = try room.choose(cardID: other.id, by: ana, at: start)
        let memory = try #require(room.bots.first?.bot?.memory?.memory)
        #expect(memory == [first.id: first.content, other.id: other.content])
    }

    @Test func peopleTakeSeatsBeforeBots() throws {
        var room = try setRoom()
        _ = try room.addBot(.casual, as: .random(), by: ana)
        _ = try room.join(bo, as: DisplayName(typed: "Bo"))
        var generator = SystemRandomNumberGenerator()
        _ = try room.start(by: ana, using: &generator, at: start)
        #expect(room.members.map(\.name.text) == ["Ana", "Casual bot", "Bo"])
        #expect(room.members.map(\.seat) == [0, 2, 1])
    }
}
