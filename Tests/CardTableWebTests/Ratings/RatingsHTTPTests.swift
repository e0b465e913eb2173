import Foundation
import HummingbirdTesting
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Ratings over HTTP: a rated room made from JSON or the form, played to its end, its results'
/// changes, `GET /ratings`, the stats' chart, the leaderboards and hiding from them.
@Suite struct RatingsHTTPTests {
    struct RatingsJSON: Decodable {
        struct Entry: Decodable {
            let game: String
            let mode: String
            let rating: Int
            let deviation: Int
            let games: Int
            let provisional: Bool
        }
        let ratings: [Entry]
    }

    struct LeaderboardJSON: Decodable {
        struct Listed: Decodable {
            let rank: Int
            let name: String
            let rating: Int
            let games: Int
        }
        struct You: Decodable {
            let rank: Int?
            let rating: Int
            let games: Int
            let provisional: Bool
            let listed: Bool
            let notListedBecause: String?
        }
        let game: String
        let mode: String
        let players: [Listed]
        let you: You?
    }

    /// Plays `room`'s Set game to its end over HTTP, the players taking turns to claim.
    static func playToTheEnd(_ room: CreatedRoomJSON, by players: [Browser]) async throws {
        for turn in 0..<300 {
            let view = try #require(try await players[0].snapshot(room).view)
            guard view.phase == .playing, let table = view.set else { return }
            let cards = table.cards.compactMap(SetCard.init(id:))
            if let trio = SetRules.allSets(in: cards).first {
                let response = try await players[turn % players.count].postJSON(
                    "/rooms/\(room.code)/claim", body: #"{"cards": \#(trio.cards.map(\.id))}"#)
                #expect(response.status == .ok)
            } else {
                for player in players {
                    _ = try await player.postJSON("/rooms/\(room.code)/deal", body: "{}")
                }
            }
        }
        Issue.record("The game did not end in 300 moves.")
    }

    @Test func aRatedSetRoomPlayedToItsEndChangesBothRatings() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom(#"{"game": "set", "name": "Ana", "rated": true}"#)
            #expect(try await ana.snapshot(room).view?.rated == true)
            // Alone, the host cannot start a rated game.
            var response = try await ana.postJSON(room.startURL, body: "{}")
            #expect(response.status == .conflict)
            #expect(
                try response.decode(ErrorJSON.self).error.message.hasPrefix("A rated game needs at least two")
            )
            try await bo.join(room, as: "Bo")
            response = try await ana.postJSON(room.startURL, body: "{}")
            #expect(response.status == .ok)
            try await Self.playToTheEnd(room, by: [ana, bo])

            let view = try #require(try await ana.snapshot(room).view)
            #expect(view.phase == .finished)
            let scores = try #require(view.set?.scores)
            let changes = try #require(view.ratingChanges)
            #expect(changes.map(\.member) == [1, 2])
            #expect(changes.allSatisfy { $0.before == 1500 && $0.isProvisional })
            if scores[0] != scores[1] {
                let winner = scores[0] > scores[1] ? 0 : 1
                #expect(changes[winner].after > 1500 && changes[1 - winner].after < 1500)
                // Two newcomers: equal and opposite, as whole points may round.
                #expect(abs((changes[0].after - 1500) + (changes[1].after - 1500)) <= 1)
            }

            // The results show each change and the new rating.
            let page = try await ana.get(room.pageURL).text
            for change in changes {
                #expect(page.contains("\(change.changeText) → \(change.after)?"))
            }
            #expect(page.contains("data-room-rated"))

            // GET /ratings gives the player's own.
            let own = try await ana.get("/ratings", json: true).decode(RatingsJSON.self)
            #expect(own.ratings.count == 1)
            let entry = try #require(own.ratings.first)
            #expect((entry.game, entry.mode, entry.games, entry.provisional) == ("set", "normal", 1, true))
            #expect(entry.rating == changes[0].after)
            #expect(entry.deviation > 110)

            // /stats draws the rating's chart; the leaderboard lists nobody yet (both provisional).
            let stats = try await ana.get("/stats").text
            #expect(stats.contains(#"data-stats-chart="rating-set-normal""#))
            #expect(stats.contains("Set: rating over time"))
            let board = try await ana.get("/leaderboard?game=set&mode=normal", json: true).decode(
                LeaderboardJSON.self)
            #expect(board.players.isEmpty)
            #expect(board.you?.listed == false)
            #expect(board.you?.notListedBecause == "provisional")
            #expect(board.you?.games == 1)
            let html = try await ana.get("/leaderboard").text
            #expect(html.contains("is provisional"))
        }
    }

    @Test func theNewRoomFormOffersARatedRoom() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let form = try await ana.get("/rooms/new?game=set").text
            #expect(form.contains(#"name="rated" value="true""#))
            let response = try await ana.post(
                "/rooms", form: [("game", "set"), ("name", "Ana"), ("rated", "true")])
            #expect(response.status == .seeOther)
            let location = try #require(response.headers[.location])
            let page = try await ana.get(location).text
            #expect(page.contains(#"<span class="tag" data-room-rated>Rated</span>"#))
            // Casual stays the default.
            let casual = try await ana.createRoom()
            #expect(try await ana.snapshot(casual).view?.rated == false)
        }
    }

    @Test func badRatingRequestsNameTheField() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            var response = try await ana.postJSON("/rooms", body: #"{"game": "set", "rated": "yes"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("rated"))
            response = try await ana.get("/leaderboard?game=chess", json: true)
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.hasPrefix("game: set or memorize"))
            response = try await ana.get("/leaderboard?game=memorize&mode=normal", json: true)
            #expect(response.status == .badRequest)
            #expect(
                try response.decode(ErrorJSON.self).error.message.hasPrefix("mode: standard for memorize"))
            response = try await ana.get("/leaderboard?game=set&mode=<b>", json: false)
            #expect(response.status == .badRequest)
            #expect(!response.text.contains("<b>"))
            response = try await ana.postJSON("/devices/leaderboards", body: #"{"hidden": "maybe"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("hidden"))
        }
    }

    @Test func aPlayerHidesFromTheLeaderboardsOnTheDevicesPage() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            // Without a rating there, `you` is null (the one null the answer sends).
            #expect(
                try await ana.get("/leaderboard", json: true).text
                    == #"{"game":"set","mode":"normal","players":[],"you":null}"#)
            try await LeaderboardTests.seed(
                session.store, ana.player, name: "Ana", rating: 1700, playedAt: Date())
            var board = try await ana.get("/leaderboard", json: true).decode(LeaderboardJSON.self)
            #expect(board.players.map(\.name) == ["Ana"])
            #expect(board.you?.listed == true && board.you?.rank == 1)
            #expect(try await ana.get("/devices").text.contains("data-devices-hide-me"))
            var response = try await ana.postJSON("/devices/leaderboards", body: #"{"hidden": true}"#)
            #expect(response.status == .ok)
            #expect(response.text == #"{"hidden":true}"#)
            board = try await ana.get("/leaderboard", json: true).decode(LeaderboardJSON.self)
            #expect(board.players.isEmpty)
            #expect(board.you?.notListedBecause == "hidden")
            response = try await ana.post("/devices/leaderboards", form: [("hidden", "false")])
            #expect(response.status == .ok)
            #expect(response.text.contains("data-devices-leaderboards-saved"))
            #expect(response.text.contains("data-devices-hide-me"))
            board = try await ana.get("/leaderboard", json: true).decode(LeaderboardJSON.self)
            #expect(board.players.map(\.name) == ["Ana"])
        }
    }

    @Test func quickPlayPrefersTheTableWhosePlayersAreClosestToYourRating() async throws {
        try await withTestApp { session in
            let (strong, newcomer, guest) = (
                try await session.newPlayer(), try await session.newPlayer(), try await session.newPlayer()
            )
            try await LeaderboardTests.seed(
                session.store, strong.player, name: "Ana", rating: 1820, playedAt: Date())
            // Two tables wait: Ana's (1820) alone, and a newcomer's with a guest (likelier to start).
            let strongTable = try await strong.createRoom(#"{"game": "set", "name": "Ana", "open": true}"#)
            let newTable = try await newcomer.createRoom(#"{"game": "set", "name": "Bo", "open": true}"#)
            try await guest.join(newTable, as: "Cy")
            // A player rated 1790 sits with Ana; a newcomer with the newcomers.
            let (rated, fresh) = (try await session.newPlayer(), try await session.newPlayer())
            try await LeaderboardTests.seed(
                session.store, rated.player, name: "Dee", rating: 1790, playedAt: Date())
            var response = try await rated.postJSON("/rooms/quick-play", body: "{}")
            #expect(try response.decode(OpenRoomsHTTPTests.QuickPlayJSON.self).code == strongTable.code)
            response = try await fresh.postJSON("/rooms/quick-play", body: #"{"name": "Eve"}"#)
            #expect(try response.decode(OpenRoomsHTTPTests.QuickPlayJSON.self).code == newTable.code)
        }
    }

    @Test func theOpenListSaysRatedOrCasualAndEachPlayersRating() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            try await LeaderboardTests.seed(
                session.store, ana.player, name: "Ana", rating: 1712, playedAt: Date())
            let rated = try await ana.createRoom(
                #"{"game": "set", "name": "Ana", "rated": true, "open": true}"#)
            try await bo.join(rated, as: "Bo")
            let page = try await bo.get("/rooms").text
            #expect(page.contains("Rated</span>"))
            #expect(page.contains("Ratings 1712, 1500?"))
            let json = try await bo.get("/rooms/open", json: true).text
            #expect(json.contains(#""rated":true"#))
            #expect(
                json.contains(
                    #""ratings":[{"rating":1712,"provisional":false},{"rating":1500,"provisional":true}]"#))
        }
    }
}
