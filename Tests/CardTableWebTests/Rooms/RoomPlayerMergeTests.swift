import Foundation
import SeededRandom
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// A player linking into another brings their place in each room along (issue 47): the member,
/// their seat and the host's part; where both were members, one member is kept.
@Suite struct RoomPlayerMergeTests {
    let host = PlayerID.random()
    let guest = PlayerID.random()
    let third = PlayerID.random()
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    /// A Set room whose game `members` play (the first hosts), `watching` joining after it began.
    func room(startedWith members: [PlayerID], watching: [PlayerID] = []) throws -> Room {
        var room = Room(
            code: RoomCode("K7QX4P")!, game: .set, theme: nil, host: members[0],
            hostName: try DisplayName(typed: "Player 1"))
        for (index, player) in members.dropFirst().enumerated() {
            _ = try room.join(player, as: try DisplayName(typed: "Player \(index + 2)"))
        }
        var generator = SeededGenerator(seed: 7)
        _ = try room.start(by: members[0], using: &generator, at: now)
        for (index, player) in watching.enumerated() {
            _ = try room.join(player, as: try DisplayName(typed: "Watcher \(index + 1)"))
        }
        return room
    }

    @Test func aMemberWhoIsNotThePlayerBecomesThePlayer() throws {
        var room = try room(startedWith: [host, guest])
        let before = room
        let newcomer = PlayerID.random()
        let merged = room.mergeMember(guest, into: newcomer)
        #expect(merged)
        #expect(room.member(for: guest) == nil)
        let member = try #require(room.member(for: newcomer))
        #expect(member.number == 2 && member.seat == before.member(for: guest)?.seat && !member.isAway)
        #expect(room.table == before.table && room.phase == before.phase)
    }

    @Test func theHostsPartGoesToThePlayer() throws {
        var room = try room(startedWith: [host, guest])
        let newcomer = PlayerID.random()
        let merged = room.mergeMember(host, into: newcomer)
        #expect(merged)
        #expect(room.host.player == newcomer)
        #expect(room.host.seat == 0)
    }

    @Test func aRoomWithoutTheOtherIsUnchanged() throws {
        var room = try room(startedWith: [host, guest])
        let before = room
        let mergedNobody = room.mergeMember(third, into: host)
        let mergedItself = room.mergeMember(host, into: host)
        #expect(!mergedNobody && !mergedItself)
        #expect(room == before)
    }

    /// Both were members: the host's member is kept, whichever of the two it was.
    @Test(arguments: [true, false])
    func ofTwoMembersTheHostIsKept(otherIsHost: Bool) throws {
        var room = try room(startedWith: [host, guest])
        let (other, player) = otherIsHost ? (host, guest) : (guest, host)
        let merged = room.mergeMember(other, into: player)
        #expect(merged)
        #expect(room.host.player == player && !room.host.isAway)
        let left = try #require(room.members.first { $0.number == 2 })
        #expect(left.player == other && left.isAway)
        #expect(room.members.filter { $0.player == player }.count == 1)
    }

    /// Neither hosts: in a game under way the seated one is kept, else the first to join.
    @Test(arguments: [true, false])
    func ofTwoGuestsTheSeatedOneIsKept(otherIsSeated: Bool) throws {
        let seated = otherIsSeated ? guest : third
        let watching = otherIsSeated ? third : guest
        var room = try room(startedWith: [host, seated], watching: [watching])
        let merged = room.mergeMember(guest, into: third)
        #expect(merged)
        let kept = try #require(room.member(for: third))
        #expect(kept.seat != nil && !kept.isAway)
        let left = try #require(room.members.first { $0.player == guest })
        #expect(left.seat == nil && left.isAway)
    }

    @Test func inTheLobbyTheFirstToJoinIsKept() throws {
        var room = Room(
            code: RoomCode("K7QX4P")!, game: .set, theme: nil, host: host,
            hostName: try DisplayName(typed: "Ana"))
        _ = try room.join(guest, as: try DisplayName(typed: "Bea"))
        _ = try room.join(third, as: try DisplayName(typed: "Cy"))
        let merged = room.mergeMember(third, into: guest)
        #expect(merged)
        #expect(room.member(for: guest)?.number == 2)
        #expect(room.members.first { $0.number == 3 }?.player == third)
        #expect(room.members.first { $0.number == 3 }?.isAway == true)
    }
}
