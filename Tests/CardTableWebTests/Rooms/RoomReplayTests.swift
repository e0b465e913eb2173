import Foundation
import HummingbirdTesting
import SetCore
import Testing

@testable import CardTableWeb

/// The end of a room's game: the ranking on the room page, and the replay of every finished
/// game, move by move, as a page and as JSON.
@Suite struct RoomReplayTests {
    /// Ana and Bo play a Set room to its end over HTTP, taking turns to claim the first Set on
    /// the table. Returns the room and the number of its last event.
    func finishedSetRoom(_ session: TestSession) async throws -> (CreatedRoomJSON, Browser, Browser) {
        let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
        let room = try await ana.createRoom()
        try await bo.join(room, as: "<i>Bo</i>")
        var view = try #require(try await ana.postJSON(room.startURL, body: "{}").roomMessages().last?.view)
        for turn in 0..<40 where view.phase == .playing {
            let cards = try #require(view.set).cards.compactMap(SetCard.init(id:))
            let trio = try #require(
                SetRules.allSets(in: cards).first, "no Set on a table of a game under way")
            let claimer = turn.isMultiple(of: 3) ? ana : bo
            let answer = try await claimer.postJSON(
                "/rooms/\(room.code)/claim", body: #"{"cards": \#(trio.cards.map(\.id))}"#)
            view = try #require(try answer.roomMessages().last?.view)
        }
        try #require(view.phase == .finished, "the game did not end within 40 claims")
        return (room, ana, bo)
    }

    @Test func aFinishedGameShowsTheRankingEachPlayersSetsAndItsReplay() async throws {
        try await withTestApp { session in
            let (room, ana, bo) = try await finishedSetRoom(session)
            let view = try #require(try await ana.snapshot(room).view?.set)
            let page = try await bo.get(room.pageURL)
            let html = String(buffer: page.body)
            #expect(page.status == .ok)
            // The last claim and the end it brought are said together (one move, two events).
            let status = try #require(html.firstMatch(of: #/data-room-announcement[^>]*>([^<]*)</p>/#)).1
            #expect(status.contains("found a Set: ") && status.contains(" Game over! "), "\(status)")
            // Bo claimed two Sets in three, so Bo wins; names are text, never markup.
            #expect(html.contains("&lt;i&gt;Bo&lt;/i&gt; wins with \(view.scores[1]) points."))
            #expect(!html.contains("<i>Bo</i>"))
            let rows = html.components(separatedBy: "<li class=\"room-result").count - 1
            #expect(rows == 2)
            #expect(html.contains("\(view.sets[1].count) Sets"))
            #expect(
                html.contains("&lt;i&gt;Bo&lt;/i&gt;&#39;s Sets")
                    || html.contains("&lt;i&gt;Bo&lt;/i&gt;'s Sets"))
            let drawnMiniCards = html.components(separatedBy: "class=\"set-mini\"").count - 1
            #expect(drawnMiniCards == 3 * (view.sets[0].count + view.sets[1].count))
            #expect(html.contains("href=\"/rooms/\(room.code)/games/1\">Replay game 1</a>"))
            // The table and its buttons are gone; the host may start a rematch, Bo is told so, and
            // anyone may make a new room for them all.
            #expect(!html.contains("data-room-claim-button"))
            #expect(
                html.contains(
                    "The host can start a rematch with everyone here, or anyone can make a new room for you all."
                ))
            #expect(html.contains(">New room with these players</button>"))
            let hostPage = String(buffer: try await ana.get(room.pageURL).body)
            #expect(hostPage.contains(">Rematch</button>"))
        }
    }

    @Test func aReplayStepsThroughEveryMoveOfTheGame() async throws {
        try await withTestApp { session in
            let (room, ana, _) = try await finishedSetRoom(session)
            let log = try await ana.get("/rooms/\(room.code)/events?after=0", json: true).roomMessages()
            let replayURL = "/rooms/\(room.code)/games/1"
            let events = try await ana.get(replayURL, json: true).roomMessages()
            // Every event of game 1, in order: the lobby's joins are not part of it.
            #expect(events.map(\.number) == log.filter { $0.game == 1 }.map(\.number))
            #expect(events.first?.kind == "started")
            #expect(events.last?.kind == "gameOver")
            let count = events.count

            let first = String(buffer: try await ana.get(replayURL).body)
            #expect(first.contains("Move 1 of \(count)"))
            #expect(first.contains("href=\"\(replayURL)?move=2\""))
            #expect(first.contains("aria-label=\"Previous move\" ") == false)
            let firstCards = try #require(events.first?.view?.set?.cards)
            #expect(first.components(separatedBy: "data-replay-card=").count - 1 == firstCards.count)

            for (index, event) in events.enumerated() {
                let page = try await ana.get("\(replayURL)?move=\(index + 1)")
                #expect(page.status == .ok)
                let html = String(buffer: page.body)
                #expect(html.contains("Move \(index + 1) of \(count)"))
                #expect(html.contains(try #require(event.text).htmlEscaped))
                let shown = html.components(separatedBy: "data-replay-card=").count - 1
                #expect(shown == event.view?.set?.cards.count, "move \(index + 1)")
            }
            let last = String(buffer: try await ana.get("\(replayURL)?move=\(count)").body)
            #expect(!last.contains("href=\"\(replayURL)?move=\(count + 1)\""))

            // A stranger with the link watches it too.
            let stranger = try await session.newPlayer()
            #expect(try await stranger.get(replayURL).status == .ok)
        }
    }

    @Test func aReplayNamesWhatIsWrongWithItsAddress() async throws {
        try await withTestApp { session in
            let (room, ana, _) = try await finishedSetRoom(session)
            let replayURL = "/rooms/\(room.code)/games/1"
            let count = try await ana.get(replayURL, json: true).roomMessages().count
            for bad in ["0", "\(count + 1)", "two", "-1"] {
                let response = try await ana.get("\(replayURL)?move=\(bad)", json: true)
                #expect(response.status == .badRequest)
                #expect(
                    try response.decode(ErrorJSON.self).error.message
                        == "move must be a whole number from 1 to \(count), the move to show.")
            }
            var response = try await ana.get("/rooms/\(room.code)/games/2", json: true)
            #expect(response.status == .notFound)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "Room \(room.displayCode) has played one game, so there is no game 2: ask for 1 to 1.")
            response = try await ana.get("/rooms/\(room.code)/games/first", json: true)
            #expect(response.status == .notFound)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "There is nothing at this address: its game must be a game's number, a whole number from 1."
            )
            // A rematch is not replayable while it is played; the first game still is.
            _ = try await ana.postJSON(room.startURL, body: "{}")
            response = try await ana.get("/rooms/\(room.code)/games/2", json: true)
            #expect(response.status == .conflict)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "Game 2 of room \(room.displayCode) is still being played; its replay opens when it ends."
            )
            #expect(try await ana.get(replayURL).status == .ok)
            // A room that has not played.
            let fresh = try await ana.createRoom()
            response = try await ana.get("/rooms/\(fresh.code)/games/1", json: true)
            #expect(response.status == .notFound)
        }
    }
}

extension String {
    /// The text as the templates escape it.
    fileprivate var htmlEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
