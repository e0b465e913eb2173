import Foundation
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Which events reach a viewer: all but the talk of members they muted, and no talk at all for
/// someone who is not a member. Talk is told from play without decoding the event, which a
/// message or a name written to look like an event's JSON cannot fool.
@Suite struct TalkFilterTests {
    let host = PlayerID.random()
    let guest = PlayerID.random()

    private func stored() throws -> StoredRoom {
        var room = Room(
            code: RoomCode("K7QX4P")!, game: .set, theme: nil, host: host,
            hostName: try DisplayName(typed: #"Ana","kind":"chat"#))
        _ = try room.join(guest, as: try DisplayName(typed: "Bo"))
        return StoredRoom(room: room, lastEvent: 2)
    }

    private func events(_ happenings: [RoomHappening], in stored: inout StoredRoom) throws -> [String] {
        try stored.append(happenings).map { try JSONText.encode($0) }
    }

    @Test func talkIsToldFromPlayByItsKindAlone() throws {
        var stored = try stored()
        let bodies = try events(
            [
                RoomHappening(kind: .joined, text: #"x","kind":"chat","member":1"#, member: 1),
                RoomHappening(kind: .chat, text: #""kind":"joined""#, member: 2, name: "Bo"),
                RoomHappening(kind: .reaction, text: "🔥", member: 1, name: "Ana"),
                RoomHappening(kind: .removed, text: "Ana removed Bo from the room.", member: 2),
            ], in: &stored)
        #expect(bodies.map(TalkFilter.isTalk) == [false, true, true, false])
        #expect(bodies.map(TalkFilter.changesMembers) == [true, false, false, true])
        // Every kind is talk exactly when its events say so.
        for kind in RoomHappening.Kind.allCases {
            let body = try events([RoomHappening(kind: kind, text: "t", member: 1)], in: &stored)[0]
            #expect(TalkFilter.isTalk(body) == kind.isTalk, "\(kind)")
        }
    }

    @Test func aViewerDoesNotGetTheTalkOfWhomTheyMutedNorAStrangerAnyTalk() throws {
        var stored = try stored()
        let bodies = try events(
            [
                RoomHappening(kind: .chat, text: "hi", member: 1, name: "Ana"),
                RoomHappening(kind: .reaction, text: "👍", member: 1, name: "Ana"),
                RoomHappening(kind: .chat, text: "hello", member: 2, name: "Bo"),
                RoomHappening(kind: .renamed, text: "Ana is now Ann.", member: 1),
            ], in: &stored)
        let room = stored.room
        let muting = room.talkHidden(from: guest, muting: [host])
        #expect(muting == TalkFilter(hidesEveryone: false, hiddenMembers: [1]))
        #expect(muting.visible(bodies) == [bodies[2], bodies[3]])
        #expect(room.talkHidden(from: host, muting: []).visible(bodies) == bodies)
        let stranger = room.talkHidden(from: .random(), muting: [])
        #expect(stranger.visible(bodies) == [bodies[3]])
    }

    @Test func aSocketReadsItsFilterAgainWhenItMayBeOutOfDate() async throws {
        var stored = try stored()
        let chat = try events([RoomHappening(kind: .chat, text: "hi", member: 1, name: "Ana")], in: &stored)
        let joined = try events([RoomHappening(kind: .joined, text: "Cy joined.", member: 3)], in: &stored)
        let play = try events([RoomHappening(kind: .dealt, text: "3 more cards dealt.")], in: &stored)
        let (rooms, mutes) = (Counter(), Counter())
        let changes = MuteChanges()
        let room = stored.room
        let socket = SocketTalkFilter(
            viewer: guest, changes: changes,
            audience: {
                rooms.add()
                return TalkAudience(room, viewer: self.guest)
            },
            mutes: {
                mutes.add()
                return [self.host]
            })
        let start = Date(timeIntervalSinceReferenceDate: 0)
        // Play alone needs no filter.
        #expect(try await socket.visible(play, at: start) == play)
        #expect((rooms.count, mutes.count) == (0, 0))
        // Ana is muted: her talk does not come.
        #expect(try await socket.visible(chat + play, at: start) == play)
        _ = try await socket.visible(chat, at: start + 1)
        #expect((rooms.count, mutes.count) == (1, 1))
        // Two seconds, or a mute here: the mutes are read again, not the room.
        _ = try await socket.visible(chat, at: start + 2.5)
        #expect((rooms.count, mutes.count) == (1, 2))
        changes.note(guest)
        _ = try await socket.visible(chat, at: start + 2.6)
        #expect((rooms.count, mutes.count) == (1, 3))
        changes.note(host)
        _ = try await socket.visible(chat, at: start + 2.7)
        #expect((rooms.count, mutes.count) == (1, 3))
        // A join, with talk or alone before it: the room is read again too.
        _ = try await socket.visible(joined + chat, at: start + 2.8)
        #expect((rooms.count, mutes.count) == (2, 4))
        _ = try await socket.visible(joined, at: start + 2.9)
        _ = try await socket.visible(chat, at: start + 3)
        #expect((rooms.count, mutes.count) == (3, 5))
    }
}
