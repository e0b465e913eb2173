import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import CardTableWeb

/// Computer opponents over HTTP: the host adds and takes out bots, a game against the computer
/// starts at once, and every refusal names its field or says why.
@Suite struct RoomBotsHTTPTests {
    @Test func theHostAddsABotWhichMembersAndEventsMark() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom()
            let response = try await ana.postJSON("/rooms/\(room.code)/bots", body: #"{"level": "quick"}"#)
            #expect(response.status == .ok)
            let joined = try #require(try response.roomMessages().first)
            #expect(joined.kind == "joined")
            #expect(joined.member == 2)
            #expect(joined.text == "Quick bot joined: a computer opponent.")
            let members = try #require(joined.view?.members)
            #expect(members.map(\.name) == ["Ana", "Quick bot"])
            #expect(members.map(\.bot) == [nil, true])
            #expect(members.map(\.level) == [nil, .quick])
            // A second bot of the same level gets a name of its own.
            let second = try await ana.postJSON("/rooms/\(room.code)/bots", body: #"{"level": "quick"}"#)
            #expect(try second.roomMessages().first?.view?.members.last?.name == "Quick bot 2")
        }
    }

    @Test func onlyTheHostAddsBotsAndAnUnknownLevelIsNamed() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            var response = try await bo.postJSON("/rooms/\(room.code)/bots", body: #"{"level": "casual"}"#)
            #expect(response.status == .forbidden)
            #expect(try response.decode(ErrorJSON.self).error.message == "Only the host can do that.")
            response = try await ana.postJSON("/rooms/\(room.code)/bots", body: #"{"level": "grandmaster"}"#)
            #expect(response.status == .badRequest)
            let message = try response.decode(ErrorJSON.self).error.message
            #expect(message.contains("level"))
            #expect(message.contains("beginner, casual, quick or expert"))
            response = try await ana.postJSON("/rooms/\(room.code)/bots", body: "{}")
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("level"))
            // Nothing was added.
            #expect(try await ana.snapshot(room).view?.members.count == 2)
        }
    }

    @Test func aRatedRoomTakesNoBots() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom(#"{"game": "set", "name": "Ana", "rated": true}"#)
            let response = try await ana.postJSON("/rooms/\(room.code)/bots", body: #"{"level": "casual"}"#)
            #expect(response.status == .conflict)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "Rated games are between people: computer opponents play in casual rooms only.")
        }
    }

    @Test func theHostTakesABotOutWithDeleteOrAForm() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom()
            for _ in 0..<2 {
                _ = try await ana.postJSON("/rooms/\(room.code)/bots", body: #"{"level": "beginner"}"#)
            }
            var response = try await ana.delete("/rooms/\(room.code)/bots/2")
            #expect(response.status == .ok)
            let left = try #require(try response.roomMessages().first)
            #expect(left.kind == "left")
            #expect(left.text == "Beginner bot left.")
            #expect(left.view?.members.map(\.name) == ["Ana", "Beginner bot 2"])
            // A person is not a bot, and a bot that left is gone.
            response = try await ana.delete("/rooms/\(room.code)/bots/1")
            #expect(response.status == .conflict)
            #expect(
                try response.decode(ErrorJSON.self).error.message == "Member 1 is not a computer opponent.")
            response = try await ana.delete("/rooms/\(room.code)/bots/2")
            #expect(response.status == .conflict)
            response = try await ana.delete("/rooms/\(room.code)/bots/0")
            #expect(response.status == .notFound)
            response = try await ana.delete("/rooms/\(room.code)/bots/two")
            #expect(response.status == .notFound)
            #expect(
                try response.decode(ErrorJSON.self).error.message.contains("number must be a member's number")
            )
            // A form without script posts to …/remove and is sent back to the room page.
            response = try await ana.post("/rooms/\(room.code)/bots/3/remove")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/rooms/\(room.code)")
            #expect(try await ana.snapshot(room).view?.members.map(\.name) == ["Ana"])
        }
    }

    @Test func botsAreAddedAndTakenOutOnlyBetweenGames() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom()
            _ = try await ana.postJSON("/rooms/\(room.code)/bots", body: #"{"level": "casual"}"#)
            _ = try await ana.postJSON(room.startURL, body: "{}")
            var response = try await ana.postJSON("/rooms/\(room.code)/bots", body: #"{"level": "casual"}"#)
            #expect(response.status == .conflict)
            #expect(try response.decode(ErrorJSON.self).error.message == "The game has already started.")
            response = try await ana.delete("/rooms/\(room.code)/bots/2")
            #expect(response.status == .conflict)
            // Only a seat whose player left goes to a bot: Ana is here.
            response = try await ana.postJSON(
                "/rooms/\(room.code)/members/1/bot", body: #"{"level": "expert"}"#)
            #expect(response.status == .conflict)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "Only the seat of a player who left the game under way can go to a computer opponent.")
        }
    }

    @Test func aGameAgainstTheComputerStartsAtOnceUnlisted() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom(
                #"{"game": "set", "mode": "junior", "bots": 3, "level": "expert"}"#)
            let snapshot = try await ana.snapshot(room)
            let view = try #require(snapshot.view)
            #expect(view.phase == .playing)
            #expect(view.members.map(\.name) == ["Host", "Expert bot", "Expert bot 2", "Expert bot 3"])
            #expect(view.members.map(\.seat) == [0, 1, 2, 3])
            #expect(view.members.dropFirst().allSatisfy { $0.bot == true && $0.level == .expert })
            // The room was made, the bots joined and the game began, in that order (the bots may
            // have played since: the test clock runs 30 s a reading).
            let events = try await ana.get("/rooms/\(room.code)/events?after=0", json: true).roomMessages()
            #expect(events.prefix(5).map(\.kind) == ["joined", "joined", "joined", "joined", "started"])
            #expect(events[4].text == "The game begins: Host, Expert bot, Expert bot 2, Expert bot 3.")
            let open = try await ana.get("/rooms", json: true)
            #expect(!open.text.contains(room.code))
            // A form without script goes to the room, its game under way.
            let form = try await ana.post(
                "/rooms", form: [("game", "set"), ("mode", "normal"), ("level", "beginner"), ("bots", "1")])
            #expect(form.status == .seeOther)
            let page = try await ana.get(try #require(form.headers[.location]))
            #expect(page.text.contains("Beginner bot"))
            #expect(page.text.contains("data-room-claim-button"))
        }
    }

    @Test func aNewGameAgainstTheComputerClosesTheEarlierOnes() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let friends = try await ana.createRoom()
            var games: [CreatedRoomJSON] = []
            // More games in a row than the 5 open rooms a host may have.
            for _ in 0..<6 {
                games.append(try await ana.createRoom(#"{"game": "set", "bots": 1, "level": "beginner"}"#))
            }
            let events = try await ana.get("/rooms/\(games[0].code)/events?after=0", json: true)
                .roomMessages()
            #expect(events.last?.kind == "closed")
            #expect(events.last?.text == "The room closed: its host started a new game against the computer.")
            let move = try await ana.postJSON("/rooms/\(games[0].code)/deal", body: "{}")
            #expect(move.status == .conflict)
            // The newest game, and a room with friends, stay open.
            for room in [games[5], friends] {
                let latest = try await ana.get("/rooms/\(room.code)/events?after=0", json: true)
                    .roomMessages()
                #expect(!latest.contains { $0.kind == "closed" })
            }
        }
    }

    @Test func aGameAgainstTheComputerRefusesWhatCannotGoWithIt() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let refusals: [(body: String, field: String)] = [
                (#"{"game": "set", "bots": 0}"#, "bots must be a whole number from 1 to 7"),
                (#"{"game": "set", "bots": 8}"#, "bots must be a whole number from 1 to 7"),
                (#"{"game": "set", "bots": "two"}"#, "bots"),
                (#"{"game": "set", "level": "expert"}"#, "bots:"),
                (#"{"game": "set", "bots": 1, "level": "perfect"}"#, "level"),
                (#"{"game": "set", "bots": 1, "open": true}"#, "open:"),
                (#"{"game": "set", "bots": 1, "rated": true}"#, "rated:"),
            ]
            for refusal in refusals {
                let response = try await ana.postJSON("/rooms", body: refusal.body)
                #expect(response.status == .badRequest, "\(refusal.body)")
                let message = try response.decode(ErrorJSON.self).error.message
                #expect(message.contains(refusal.field), "\(refusal.body): \(message)")
            }
        }
    }

    @Test func theRoomPageGivesTheHostTheBotControlsBetweenGames() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            _ = try await ana.post("/rooms/\(room.code)/bots", form: [("level", "expert")])
            let hostPage = try await ana.get(room.pageURL).text
            #expect(hostPage.contains(#"action="/rooms/\#(room.code)/bots""#))
            #expect(hostPage.contains(#"<option value="casual" selected>Casual</option>"#))
            #expect(hostPage.contains(#"action="/rooms/\#(room.code)/bots/3/remove""#))
            #expect(hostPage.contains(#"aria-label="Take Expert bot out of the room""#))
            #expect(hostPage.contains(#"<span class="tag">computer</span>"#))
            let guestPage = try await bo.get(room.pageURL).text
            #expect(!guestPage.contains("data-room-add-bot"))
            #expect(!guestPage.contains("data-room-remove-bot"))
            #expect(guestPage.contains(#"<span class="tag">computer</span>"#))
            _ = try await ana.postJSON(room.startURL, body: "{}")
            let playing = try await ana.get(room.pageURL).text
            #expect(!playing.contains("data-room-add-bot"))
            #expect(!playing.contains("data-room-remove-bot"))
        }
    }

    @Test func theGamePagesOfferAGameAgainstTheComputer() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let set = try await ana.get("/set").text
            #expect(set.contains("Play against the computer"))
            #expect(set.contains(#"<input type="hidden" name="game" value="set">"#))
            #expect(set.contains(#"<select id="computer-level" name="level">"#))
            #expect(set.contains(#"<option value="1" selected>1</option>"#))
        }
    }
}

extension Browser {
    /// Sends `DELETE` to `uri`, asking for JSON.
    func delete(_ uri: String) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .delete, headers: [.cookie: cookie, .accept: "application/json"])
    }
}
