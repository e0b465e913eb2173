import Foundation
import HummingbirdTesting
import MemorizeCore
import SetCore
import Testing

@testable import CardTableWeb

/// Rooms over plain HTTP: making, joining, starting, claiming and catching up with `?after=N`.
@Suite struct RoomHTTPTests {
    @Test func makingARoomAnswersItsAddresses() async throws {
        try await withTestApp { session in
            let host = try await session.newPlayer()
            let room = try await host.createRoom()
            let code = try #require(RoomCode(room.code))
            #expect(room.displayCode == code.description)
            #expect(room.pageURL == "/rooms/\(room.code)")
            #expect(room.joinURL == "/rooms/\(room.code)/join")
            #expect(room.startURL == "/rooms/\(room.code)/start")
            #expect(room.socketURL == "/rooms/\(room.code)/socket")
            #expect(room.eventsURL == "/rooms/\(room.code)/events?after=0")
            let snapshot = try await host.snapshot(room)
            #expect(snapshot.type == "snapshot")
            #expect(snapshot.you == 1)
            #expect(snapshot.lastEvent == 1)
            #expect(snapshot.view?.members.map(\.name) == ["Ana"])
            #expect(snapshot.view?.phase == .lobby)
        }
    }

    @Test func badRoomRequestsNameWhatIsWrong() async throws {
        try await withTestApp { session in
            let host = try await session.newPlayer()
            var response = try await host.postJSON("/rooms", body: #"{"game": "chess"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("game"))
            response = try await host.postJSON("/rooms", body: #"{"game": "memorize"}"#)
            #expect(response.status == .badRequest)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "A Memorize room needs themeID: one of your themes.")
            response = try await host.postJSON("/rooms", body: #"{"game": "memorize", "themeID": 999}"#)
            #expect(response.status == .notFound)
            response = try await host.postJSON("/rooms", body: #"{"game": "set", "name": "   "}"#)
            #expect(
                try response.decode(ErrorJSON.self).error.message == "name: Type a name to show the others.")
            response = try await host.get("/rooms/OOOOOO", json: true)
            #expect(response.status == .notFound)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("code must be a room code"))
            response = try await host.get("/rooms/K7QX4P", json: true)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "There is no room K7Q-X4P: check the code, or make a new room.")
            let room = try await host.createRoom()
            response = try await host.get("/rooms/\(room.code)/events?after=-1", json: true)
            #expect(response.status == .badRequest)
            response = try await host.get("/rooms/new?game=chess")
            #expect(response.status == .badRequest)
            #expect(response.text.contains("game must be set or memorize."))
            response = try await host.get("/rooms/new?game=memorize&themeID=x")
            #expect(response.text.contains("themeID must be the id of one of your themes"))
            response = try await host.get("/rooms/new?game=memorize&themeID=12")
            #expect(response.status == .ok)
            #expect(response.text.contains(#"<input type="hidden" name="themeID" value="12">"#))
        }
    }

    @Test func aMemorizeRoomCopiesTheHostsTheme() async throws {
        try await withTestApp { session in
            let host = try await session.newPlayer()
            let theme = try await session.store.addTheme(
                Theme(name: "Pets", emojis: ["🐶", "🐱"], color: "blue"), for: host.player)
            let room = try await host.createRoom(
                #"{"game": "memorize", "themeID": \#(theme.id), "name": "Ana"}"#)
            _ = try await host.postJSON(room.startURL, body: "{}")
            let view = try #require(try await host.snapshot(room).view?.memorize)
            #expect(view.themeName == "Pets")
            #expect(view.cards.count == 4)
            #expect(view.cards.allSatisfy { $0.content == nil })
        }
    }

    @Test func twoPlayersJoinStartAndTheFirstClaimWins() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            let joined = try await bo.join(room, as: "Bo")
            #expect(joined.map(\.kind) == ["joined"])
            #expect(joined.first?.number == 2)
            #expect(joined.first?.view?.members.map(\.name) == ["Ana", "Bo"])
            // Only the host starts.
            var response = try await bo.postJSON(room.startURL, body: "{}")
            #expect(response.status == .forbidden)
            #expect(try response.decode(ErrorJSON.self).error.message == "Only the host can do that.")
            let started = try await ana.postJSON(room.startURL, body: "{}").roomMessages()
            #expect(started.first?.text == "The game begins: Ana, Bo.")
            let table = try #require(started.first?.view?.set)
            let cards = table.cards.compactMap(SetCard.init(id:))
            let trio = try #require(SetRules.allSets(in: cards).first).cards.map(\.id)
            let claimBody = #"{"cards": \#(trio)}"#
            let scored = try await bo.postJSON("/rooms/\(room.code)/claim", body: claimBody).roomMessages()
            #expect(scored.first?.kind == "scored")
            #expect(scored.first?.view?.set?.scores == [0, 1])
            response = try await ana.postJSON("/rooms/\(room.code)/claim", body: claimBody)
            #expect(response.status == .ok)
            let late = try response.roomMessages()
            #expect(late.first?.text == "Ana was too late: Bo took those cards first.")
            // A stranger is turned away.
            let stranger = try await session.newPlayer()
            response = try await stranger.postJSON("/rooms/\(room.code)/claim", body: claimBody)
            #expect(response.status == .forbidden)
            #expect(
                try response.decode(ErrorJSON.self).error.message == "Join the room first: you are not in it."
            )
        }
    }

    @Test func aClaimFormOfCheckedBoxesWorksWithoutScript() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            _ = try await ana.postJSON(room.startURL, body: "{}")
            let table = try #require(try await ana.snapshot(room).view?.set)
            let trio = try #require(SetRules.allSets(in: table.cards.compactMap(SetCard.init(id:))).first)
            let response = try await ana.post(
                "/rooms/\(room.code)/claim", form: trio.cards.map { ("card-\($0.id)", "on") })
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == room.pageURL)
            #expect(try await ana.snapshot(room).view?.set?.scores == [1, 0])
        }
    }

    @Test func aClientCatchesUpWithTheEventsItMissedOrASnapshot() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            _ = try await ana.postJSON(room.startURL, body: "{}")
            for _ in 0..<3 { _ = try await ana.postJSON("/rooms/\(room.code)/deal", body: "{}") }
            let all = try await bo.get("/rooms/\(room.code)/events?after=0", json: true).roomMessages()
            #expect(all.map(\.number) == [1, 2, 3, 4, 5, 6])
            #expect(all.map(\.kind) == ["joined", "joined", "started", "dealVote", "dealVote", "dealVote"])
            let gap = try await bo.get("/rooms/\(room.code)/events?after=4", json: true).roomMessages()
            #expect(gap.map(\.number) == [5, 6])
            let none = try await bo.get("/rooms/\(room.code)/events?after=6", json: true).roomMessages()
            #expect(none.isEmpty)
        }
    }

    /// A friend types the code they heard, in any case, with or without its dash or spaces.
    @Test func aCodeReadAloudFindsTheRoom() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            let home = String(buffer: try await bo.get("/").body)
            #expect(home.contains("action=\"/rooms/find\""))
            #expect(home.contains("href=\"/rooms/new?game=set\""))
            let code = room.displayCode
            for typed in [code, code.lowercased(), room.code, " \(code.prefix(3)) \(code.suffix(3)) "] {
                let response = try await bo.get("/rooms/find?code=\(Browser.encode(typed))")
                #expect(response.status == .seeOther, "\(typed)")
                #expect(response.headers[.location] == room.pageURL, "\(typed)")
            }
            // As a form sends it: a space becomes +.
            let formSent = "\(code.prefix(3).lowercased())+\(code.suffix(3).lowercased())"
            let fromForm = try await bo.get("/rooms/find?code=\(formSent)")
            #expect(fromForm.headers[.location] == room.pageURL)
            for typed in ["", "K7Q", "K0Q-X4P", "K7Q-X4PP"] {
                let response = try await bo.get("/rooms/find?code=\(Browser.encode(typed))", json: true)
                #expect(response.status == .badRequest, "\(typed)")
                #expect(
                    try response.decode(ErrorJSON.self).error.message
                        == "code must be the six letters and digits of a room, like K7Q-X4P (codes have no 0, 1, I, L or O)."
                )
            }
            // (One code in 887 million is ZZZZZZ.)
            let response = try await bo.get("/rooms/find?code=ZZZ-ZZZ", json: true)
            #expect(response.status == .notFound)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "There is no room ZZZ-ZZZ: check the code, or make a new room.")
        }
    }

    @Test func aClientFarBehindGetsASnapshot() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom()
            for index in 0...RoomReferee.catchUpLimit {
                _ = try await ana.join(room, as: "Ana \(index)")
            }
            let messages = try await ana.get("/rooms/\(room.code)/events?after=0", json: true).roomMessages()
            #expect(messages.map(\.type) == ["snapshot"])
            #expect(messages.first?.lastEvent == RoomReferee.catchUpLimit + 2)
            #expect(messages.first?.you == 1)
        }
    }
}
