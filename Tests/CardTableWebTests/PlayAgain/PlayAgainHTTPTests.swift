import Foundation
import HummingbirdTesting
import Testing

@testable import CardTableWeb

/// *New room with these players*: after a game any member makes a room like it, which the old
/// room points everyone to; a second tap goes to the same room.
@Suite struct PlayAgainHTTPTests {
    @Test func aMemberMakesANewRoomAndTheOldOnePointsEveryoneToIt() async throws {
        try await withTestApp { session in
            let (room, ana, bo) = try await RoomReplayTests().finishedSetRoom(session)
            let response = try await bo.postJSON("/rooms/\(room.code)/again", body: "{}")
            #expect(response.status == .created)
            let next = try response.decode(CreatedRoomJSON.self)
            #expect(next.code != room.code)
            // The new room is Bo's, like the old one, with nobody else yet.
            let nextView = try #require(try await bo.snapshot(next).view)
            #expect(nextView.members.map(\.name) == ["<i>Bo</i>"])
            #expect(nextView.game == .set && nextView.phase == .lobby && nextView.rated == false)
            // The old room says so to everyone, and its page links to it.
            let old = try await ana.snapshot(room)
            #expect(old.view?.nextRoom == next.code)
            let events = try await ana.get(
                "/rooms/\(room.code)/events?after=\(old.lastEvent! - 1)", json: true)
            let invited = try #require(try events.roomMessages().last)
            #expect(invited.kind == "invited")
            #expect(invited.text == "<i>Bo</i> made a new room for everyone here: join them there.")
            let page = try await ana.get(room.pageURL).text
            #expect(
                page.contains(
                    #"href="/rooms/\#(next.code)" data-room-next>Join &lt;i&gt;Bo&lt;/i&gt;'s new room"#)
                    || page.contains(
                        #"href="/rooms/\#(next.code)" data-room-next>Join &lt;i&gt;Bo&lt;/i&gt;&#39;s new room"#
                    ))
            #expect(try await bo.get(room.pageURL).text.contains("Go to your new room"))
            // Ana's tap goes to the same room.
            let again = try await ana.postJSON("/rooms/\(room.code)/again", body: "{}")
            #expect(try again.decode(CreatedRoomJSON.self).code == next.code)
            // A browser's form is sent there.
            let form = try await ana.post("/rooms/\(room.code)/again")
            #expect(form.headers[.location] == "/rooms/\(next.code)")
        }
    }

    @Test func onlyAMemberAfterAGameMakesOne() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            var response = try await ana.postJSON("/rooms/\(room.code)/again", body: "{}")
            #expect(response.status == .conflict)
            _ = try await ana.postJSON(room.startURL, body: "{}")
            response = try await bo.postJSON("/rooms/\(room.code)/again", body: "{}")
            #expect(response.status == .conflict)
            #expect(try response.decode(ErrorJSON.self).error.message == "The game is still being played.")
            response = try await session.newPlayer().postJSON("/rooms/\(room.code)/again", body: "{}")
            #expect(response.status == .forbidden)
        }
    }
}
