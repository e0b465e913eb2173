import Foundation
import SeededRandom
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Who may talk in a room and what it says: members chat and react unless the host turned chat
/// off (for everyone, or for those watching a game); the host removes a member, who cannot come
/// back.
@Suite struct RoomChatTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let host = PlayerID.random()
    let guest = PlayerID.random()
    let late = PlayerID.random()

    private func name(_ text: String) -> DisplayName { try! DisplayName(typed: text) }
    private func message(_ text: String) -> ChatMessage { try! ChatMessage(typed: text) }

    private func room(started: Bool = false) throws -> Room {
        var room = Room(code: RoomCode("K7QX4P")!, game: .set, theme: nil, host: host, hostName: name("Ana"))
        _ = try room.join(guest, as: name("Bo"))
        if started {
            var generator = SeededGenerator(seed: 3)
            _ = try room.start(by: host, using: &generator, at: now)
            _ = try room.join(late, as: name("Cy"))
        }
        return room
    }

    @Test func aMemberSaysSomethingWithTheirNameAndANonMemberCannot() throws {
        var room = try room()
        let said = try room.say(message("nice one!"), by: guest)
        #expect(said == [RoomHappening(kind: .chat, text: "nice one!", member: 2, name: "Bo")])
        #expect(said[0].isTalk)
        let reacted = try room.react(.party, by: guest)
        #expect(reacted == [RoomHappening(kind: .reaction, text: "🎉", member: 2, name: "Bo")])
        #expect(throws: RoomRefusal.notAMember) { try room.say(message("hi"), by: .random()) }
        #expect(throws: RoomRefusal.notAMember) { try room.react(.fire, by: .random()) }
    }

    @Test func theHostTurnsChatOffForEveryoneOrForThoseWatching() throws {
        var room = try room(started: true)
        #expect(throws: RoomRefusal.notTheHost) { try room.changeChat(to: .nobody, by: guest) }
        var changed = try room.changeChat(to: .players, by: host)
        #expect(changed.map(\.kind) == [.chatChanged])
        #expect(changed[0].text == "Ana turned chat off for those watching: players can still chat.")
        #expect(room.chatAudience == .players)
        // Cy joined after the start and watches: quiet. Bo plays.
        #expect(throws: RoomRefusal.chatOff(spectators: true)) { try room.say(message("hi"), by: late) }
        #expect(throws: RoomRefusal.chatOff(spectators: true)) { try room.react(.wow, by: late) }
        #expect(try room.say(message("hi"), by: guest).count == 1)
        changed = try room.changeChat(to: .nobody, by: host)
        #expect(changed[0].text == "Ana turned chat off.")
        for player in [host, guest, late] {
            #expect(throws: RoomRefusal.chatOff(spectators: false)) {
                try room.say(message("hi"), by: player)
            }
        }
        // The same choice again changes nothing.
        #expect(try room.changeChat(to: .nobody, by: host).isEmpty)
        #expect(try room.changeChat(to: .everyone, by: host)[0].text == "Ana turned chat on for everyone.")
        #expect(try room.say(message("back"), by: late).count == 1)
    }

    @Test func inTheLobbyEveryoneIsAPlayerToBe() throws {
        var room = try room()
        _ = try room.changeChat(to: .players, by: host)
        #expect(try room.say(message("ready?"), by: guest).count == 1)
    }

    @Test func aRoomStoredBeforeChatLetsEveryoneTalk() throws {
        let room = try room()
        var json = try JSONText.encode(room)
        #expect(!json.contains("chatAudience"))
        json = json.replacingOccurrences(of: #","phase""#, with: #","chatAudience":"nobody","phase""#)
        #expect(try JSONText.decode(Room.self, from: json).chatAudience == .nobody)
        #expect(try JSONText.decode(Room.self, from: JSONText.encode(room)).chatAudience == .everyone)
    }

    @Test func onlyTheHostRemovesAndNotThemselves() throws {
        var room = try room()
        #expect(throws: RoomRefusal.notTheHost) { try room.remove(1, by: guest, at: now) }
        #expect(throws: RoomRefusal.hostStays) { try room.remove(1, by: host, at: now) }
        #expect(throws: RoomRefusal.noSuchMember(9)) { try room.remove(9, by: host, at: now) }
    }

    @Test func aRemovedMemberCannotActJoinOrComeBackAndTheirNameIsFree() throws {
        var room = try room()
        let removed = try room.remove(2, by: host, at: now)
        #expect(removed == [RoomHappening(kind: .removed, text: "Ana removed Bo from the room.", member: 2)])
        #expect(room.listedMembers.map(\.number) == [1])
        #expect(RoomView(room).members.map(\.name) == ["Ana"])
        #expect(room.currentMember(for: guest) == nil)
        #expect(throws: RoomRefusal.removed) { try room.join(guest, as: name("Bo")) }
        #expect(throws: RoomRefusal.removed) { try room.say(message("let me in"), by: guest) }
        #expect(room.comeBack(guest).isEmpty)
        #expect(throws: RoomRefusal.noSuchMember(2)) { try room.remove(2, by: host, at: now) }
        // Someone else may take the name.
        #expect(try room.join(late, as: name("Bo")).map(\.kind) == [.joined])
    }

    @Test func aPlayerRemovedDuringAGameLeavesTheirSeatAndStaysListedWithTheirScore() throws {
        var room = try room(started: true)
        let removed = try room.remove(2, by: host, at: now)
        #expect(removed.first?.kind == .removed)
        #expect(!removed.contains { $0.kind == .left })
        let bo = try #require(room.member(for: guest))
        #expect(bo.isAway && bo.wasRemoved && bo.seat == 1)
        #expect(room.activeSeats == [0])
        let listed = RoomView(room).members.first { $0.number == 2 }
        #expect(listed?.removed == true)
        // Their seat stays on the table, so their name is not free yet.
        #expect(throws: RoomRefusal.nameTaken(name("Bo"))) { try room.join(.random(), as: name("Bo")) }
        // The next game seats them no more, and no longer lists them.
        try play(&room)
        var generator = SeededGenerator(seed: 4)
        _ = try room.start(by: host, using: &generator, at: now)
        #expect(room.member(for: guest)?.seat == nil)
        #expect(!RoomView(room).members.contains { $0.number == 2 })
    }

    @Test func aRatedGameEndsWhenTheHostRemovesTheOnlyOtherPlayer() throws {
        var room = Room(
            code: RoomCode("K7QX4P")!, game: .set, theme: nil, rated: true, host: host, hostName: name("Ana"))
        _ = try room.join(guest, as: name("Bo"))
        var generator = SeededGenerator(seed: 3)
        _ = try room.start(by: host, using: &generator, at: now)
        let removed = try room.remove(2, by: host, at: now)
        #expect(removed.map(\.kind) == [.removed, .gameOver])
        #expect(room.phase == .finished)
    }

    /// Ends the game on the table (everyone leaves but the host, and the host's game ends).
    private func play(_ room: inout Room) throws {
        _ = room.leave(host, at: now)
        if room.phase == .playing { room.finish() }
        _ = room.comeBack(host)
    }
}
