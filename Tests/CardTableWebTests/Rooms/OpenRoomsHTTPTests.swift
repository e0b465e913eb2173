import Foundation
import HummingbirdTesting
import MemorizeCore
import Testing

@testable import CardTableWeb

/// Open rooms over HTTP: `GET /rooms/open`'s shape, a host listing a room and taking it off,
/// the limit of listed rooms, the page without script, and Quick play.
@Suite struct OpenRoomsHTTPTests {
    @Test func anOpenRoomIsListedWithWhoPlaysAndWatches() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let open = try await ana.createRoom(#"{"game": "set", "name": "Ana", "open": true}"#)
            _ = try await ana.createRoom(#"{"game": "set", "name": "Ana"}"#)
            var rooms = try await Self.openRooms(ana)
            #expect(rooms.count == 1)
            let first = try #require(rooms.first)
            #expect(
                Set(first.keys) == [
                    "code", "displayCode", "game", "mode", "players", "seats", "spectators", "phase",
                    "createdAt", "pageURL", "rated", "ratings",
                ])
            #expect(first["code"] as? String == open.code)
            #expect(first["game"] as? String == "set" && first["mode"] as? String == "normal")
            #expect(first["players"] as? Int == 1 && first["seats"] as? Int == 7)
            #expect(first["phase"] as? String == "lobby" && first["pageURL"] as? String == open.pageURL)

            let bo = try await session.newPlayer()
            try await bo.join(open, as: "Bo")
            _ = try await ana.postJSON(open.startURL, body: "{}")
            let cy = try await session.newPlayer()
            try await cy.join(open, as: "Cy")
            rooms = try await Self.openRooms(cy)
            #expect(rooms.first?["phase"] as? String == "playing")
            #expect(rooms.first?["players"] as? Int == 2 && rooms.first?["spectators"] as? Int == 1)
            #expect(rooms.first?["seats"] as? Int == 5)
            // NB: /rooms answers the same to an API client.
            let same = try await cy.get("/rooms", json: true)
            #expect(try Self.rooms(in: same).map { $0["code"] as? String } == [open.code])
        }
    }

    @Test func aMemorizeRoomHasNoMode() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let theme = try await session.store.addTheme(
                Theme(name: "Pets", emojis: ["🐶", "🐱"], color: "blue"), for: ana.player)
            _ = try await ana.createRoom(#"{"game": "memorize", "themeID": \#(theme.id), "open": true}"#)
            let response = try await ana.get("/rooms/open")
            #expect(response.text.contains(#""mode":null"#))
            #expect(try Self.rooms(in: response).first?["game"] as? String == "memorize")
        }
    }

    @Test func theHostTakesTheRoomOffAndItLeavesTheListAtOnce() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom(#"{"game": "set", "name": "Ana", "open": true}"#)
            let bo = try await session.newPlayer()
            try await bo.join(room, as: "Bo")
            let listing = "/rooms/\(room.code)/open"
            var response = try await bo.postJSON(listing, body: #"{"open": false}"#)
            #expect(response.status == .forbidden)
            response = try await ana.postJSON(listing, body: #"{"open": "no"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("open"))
            response = try await ana.postJSON(listing, body: #"{"open": false}"#)
            #expect(try response.roomMessages().map(\.kind) == ["unlisted"])
            #expect(try await Self.openRooms(bo).isEmpty)
            // A browser's form lists it again and is sent back to the room.
            response = try await ana.post(listing, form: [("open", "true")])
            #expect(response.status == .seeOther)
            #expect(try await Self.openRooms(bo).count == 1)
            let page = try await ana.get(room.pageURL)
            #expect(page.text.contains("Take off Open rooms"))
            // Closed for want of players: gone at once.
            try await session.store.write { try $0.close(RoomCode(room.code)!, at: Date()) }
            #expect(try await Self.openRooms(bo).isEmpty)
        }
    }

    @Test func aHostListsAtMostThreeRooms() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            for _ in 1...3 { _ = try await ana.createRoom(#"{"game": "set", "open": true}"#) }
            var response = try await ana.postJSON("/rooms", body: #"{"game": "set", "open": true}"#)
            #expect(response.status == .unprocessableContent)
            #expect(
                try response.decode(ErrorJSON.self).error.message.hasPrefix("open: you already host 3 rooms"))
            let unlisted = try await ana.createRoom(#"{"game": "set"}"#)
            response = try await ana.postJSON("/rooms/\(unlisted.code)/open", body: #"{"open": true}"#)
            #expect(response.status == .unprocessableContent)
            #expect(try await Self.openRooms(ana).count == 3)
            // A browser gets the form back, the name kept and the message beside the box.
            response = try await ana.post(
                "/rooms", form: [("game", "set"), ("name", "Ana"), ("open", "true")])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(#"id="room-open" name="open" value="true" aria-invalid="true""#))
            #expect(
                response.text.contains(#"<ul class="field-messages" id="room-open-messages"><li>open: you"#))
            #expect(response.text.contains(#"value="Ana""#))
        }
    }

    @Test func thePageListsRoomsWithJoinAndWatchWithoutScript() async throws {
        // NB: a clock that stands still: the rooms stay listed (Room.listingLifetime).
        try await withTestApp(clock: .manual) { session in
            let ana = try await session.newPlayer()
            var page = try await ana.get("/rooms")
            #expect(page.status == .ok)
            #expect(page.text.contains("No open rooms right now."))
            #expect(page.text.contains(#"href="/rooms" data-lobby-refresh"#))
            let waiting = try await ana.createRoom(#"{"game": "set", "name": "Ana", "open": true}"#)
            let playing = try await ana.createRoom(#"{"game": "set", "name": "Ana", "open": true}"#)
            _ = try await ana.postJSON(playing.startURL, body: "{}")
            page = try await ana.get("/rooms")
            #expect(page.text.components(separatedBy: "Back to your room").count == 3)

            // Bo has a name: Join sends it at once. Cy has none: Join leads to the room's name form.
            let bo = try await session.newPlayer()
            let other = try await session.newPlayer()
            _ = try await bo.createRoom(#"{"game": "set", "name": "Bo"}"#)
            page = try await bo.get("/rooms")
            #expect(
                page.text.contains(
                    #"<form method="post" action="\#(waiting.joinURL)"><input type="hidden" name="name" value="Bo">"#
                ))
            #expect(page.text.contains("Waiting for players") && page.text.contains("Playing"))
            #expect(page.text.contains(">Watch</button>") && page.text.contains(">Join</button>"))
            page = try await other.get("/rooms")
            #expect(
                page.text.contains(
                    #"<a class="button primary" href="\#(waiting.pageURL)" data-lobby-join>Join</a>"#))
            let joined = try await bo.post(waiting.joinURL, form: [("name", "Bo")])
            #expect(joined.status == .seeOther)
            #expect(try await bo.snapshot(waiting).you == 2)
        }
    }

    @Test func quickPlaySeatsTheNextPlayerInTheWaitingRoom() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            var response = try await ana.postJSON("/rooms/quick-play", body: "{}")
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.hasPrefix("name:"))
            response = try await ana.post("/rooms/quick-play")
            #expect(response.status == .ok)
            #expect(response.text.contains(#"action="/rooms/quick-play""#))
            response = try await ana.post("/rooms/quick-play", form: [("name", " ")])
            #expect(response.status == .badRequest)

            response = try await ana.postJSON("/rooms/quick-play", body: #"{"name": "Ana"}"#)
            let made = try response.decode(QuickPlayJSON.self)
            #expect(try await Self.openRooms(ana).map { $0["code"] as? String } == [made.code])
            // Ana again (her name remembered): the room she waits in.
            response = try await ana.post("/rooms/quick-play")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == made.pageURL)

            let bo = try await session.newPlayer()
            response = try await bo.postJSON("/rooms/quick-play", body: #"{"name": "Bo"}"#)
            #expect(try response.decode(QuickPlayJSON.self).code == made.code)
            let view = try await bo.get(made.pageURL, json: true).decode(RoomMessageJSON.self)
            #expect(view.you == 2 && view.view?.members.map(\.name) == ["Ana", "Bo"])
            // A name taken there: Cy, called Bo too, gets a room of her own.
            let cy = try await session.newPlayer()
            response = try await cy.postJSON("/rooms/quick-play", body: #"{"name": "Bo"}"#)
            #expect(try response.decode(QuickPlayJSON.self).code != made.code)
        }
    }

    struct QuickPlayJSON: Decodable {
        let code: String
        let pageURL: String
    }

    static func openRooms(_ browser: Browser) async throws -> [[String: Any]] {
        try rooms(in: try await browser.get("/rooms/open"))
    }

    static func rooms(in response: TestResponse) throws -> [[String: Any]] {
        #expect(response.status == .ok)
        let object = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
        return try #require(object?["rooms"] as? [[String: Any]])
    }
}
