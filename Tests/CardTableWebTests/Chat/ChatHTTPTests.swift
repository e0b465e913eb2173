import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Talk at the table over HTTP: messages and reactions are events of the room, refused with a
/// message naming `text` or saying when to try again; a mute keeps a player's talk from the
/// muter everywhere; the host turns chat off and removes members; replays and the words a page
/// says leave talk out.
@Suite struct ChatHTTPTests {
    /// Ana's room with Bo and Cy in it.
    private func roomOfThree(_ session: TestSession) async throws -> (
        CreatedRoomJSON, Browser, Browser, Browser
    ) {
        let (ana, bo, cy) = (
            try await session.newPlayer(), try await session.newPlayer(), try await session.newPlayer()
        )
        let room = try await ana.createRoom()
        try await bo.join(room, as: "Bo")
        try await cy.join(room, as: "Cy")
        return (room, ana, bo, cy)
    }

    private func say(_ text: String, by browser: Browser, in room: CreatedRoomJSON) async throws
        -> TestResponse
    {
        try await browser.postJSON("/rooms/\(room.code)/chat", body: try JSONText.encode(["text": text]))
    }

    /// The texts of the chat messages `browser` is sent after event `after`.
    private func chatHeard(by browser: Browser, in room: CreatedRoomJSON, after: Int = 0) async throws
        -> [String]
    {
        let events = try await browser.get("/rooms/\(room.code)/events?after=\(after)", json: true)
            .roomMessages()
        return events.filter { $0.kind == "chat" }.compactMap(\.text)
    }

    @Test func aMessageIsAnEventWithItsSendersNameThatEveryMemberGets() async throws {
        try await withTestApp { session in
            let (room, ana, bo, cy) = try await roomOfThree(session)
            let response = try await say("  nice one! <b>gg</b>\n", by: bo, in: room)
            #expect(response.status == .ok)
            let event = try #require(try response.decode([ChatEventJSON].self).first)
            #expect(event.kind == "chat")
            #expect(event.text == "nice one! <b>gg</b>")
            #expect(event.member == 2)
            #expect(event.name == "Bo")
            for browser in [ana, bo, cy] {
                #expect(try await chatHeard(by: browser, in: room) == ["nice one! <b>gg</b>"])
            }
            // A reaction too, with its emoji.
            let reacted = try await cy.postJSON("/rooms/\(room.code)/reactions", body: #"{"emoji": "🎉"}"#)
            let reaction = try #require(try reacted.decode([ChatEventJSON].self).first)
            #expect(
                (reaction.kind, reaction.text, reaction.member, reaction.name) == ("reaction", "🎉", 3, "Cy"))
            // Someone who did not join gets no talk.
            let stranger = try await session.newPlayer()
            #expect(try await chatHeard(by: stranger, in: room).isEmpty)
        }
    }

    @Test func aBadMessageIsRefusedNamingTextAndNothingIsAdded() async throws {
        try await withTestApp { session in
            let (room, ana, _, _) = try await roomOfThree(session)
            let before = try await ana.snapshot(room).lastEvent
            for (text, message) in [
                ("", "text: type a message (it shows nothing)."),
                ("\u{200B}\u{2060}", "text: type a message (it shows nothing)."),
                (String(repeating: "x", count: 201), "text: a message can be up to 200 characters long."),
            ] {
                let response = try await say(text, by: ana, in: room)
                #expect(response.status == .badRequest)
                #expect(try response.decode(ErrorJSON.self).error.message == message)
            }
            var response = try await ana.postJSON("/rooms/\(room.code)/chat", body: "{}")
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("text"))
            response = try await ana.postJSON("/rooms/\(room.code)/reactions", body: #"{"emoji": "💩"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("👍 🎉 😮 😅 🔥"))
            #expect(try await ana.snapshot(room).lastEvent == before)
            // Someone who did not join is told to.
            response = try await say("hi", by: try await session.newPlayer(), in: room)
            #expect(response.status == .forbidden)
        }
    }

    @Test func theSixthMessageInTenSecondsIsRefusedWithWhenToTryAgain() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let (room, ana, bo, _) = try await roomOfThree(session)
            for index in 1...5 { #expect(try await say("\(index)", by: ana, in: room).status == .ok) }
            clock.advance(by: 3)
            let refused = try await say("6", by: ana, in: room)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "7")
            #expect(
                try refused.decode(ErrorJSON.self).error.message
                    == "That is 5 messages in 10 seconds: wait 7 seconds, then try again.")
            // Reactions and other players have their own pace.
            #expect(
                try await ana.postJSON("/rooms/\(room.code)/reactions", body: #"{"emoji": "👍"}"#).status
                    == .ok)
            #expect(try await say("hi", by: bo, in: room).status == .ok)
            clock.advance(by: 7)
            #expect(try await say("6", by: ana, in: room).status == .ok)
            #expect(try await chatHeard(by: bo, in: room) == ["1", "2", "3", "4", "5", "hi", "6"])
        }
    }

    @Test func aMuteKeepsAPlayersTalkFromTheMuterInThisRoomAndTheNext() async throws {
        try await withTestApp { session in
            let (room, ana, bo, cy) = try await roomOfThree(session)
            _ = try await say("before", by: bo, in: room)
            var response = try await ana.postJSON(
                "/rooms/\(room.code)/members/2/mute", body: #"{"muted": true}"#)
            #expect(response.status == .ok)
            #expect(try response.decode(MutedJSON.self) == MutedJSON(member: 2, muted: true))
            _ = try await say("after", by: bo, in: room)
            _ = try await bo.postJSON("/rooms/\(room.code)/reactions", body: #"{"emoji": "🔥"}"#)
            _ = try await say("from Cy", by: cy, in: room)
            #expect(try await chatHeard(by: ana, in: room) == ["from Cy"])
            #expect(try await chatHeard(by: cy, in: room) == ["before", "after", "from Cy"])
            let heardByAna = try await ana.get("/rooms/\(room.code)/events?after=0", json: true)
                .roomMessages()
            #expect(!heardByAna.contains { $0.kind == "reaction" })
            // The page says the same, and marks Bo muted.
            let page = try await ana.get(room.pageURL).text
            #expect(page.contains("from Cy") && !page.contains(">after<") && !page.contains(">before<"))
            #expect(page.contains(#"aria-pressed="true" aria-label="Mute Bo""#))
            // In a later room, Bo is still muted for Ana.
            let later = try await cy.createRoom(#"{"game": "set", "name": "Cy"}"#)
            try await ana.join(later, as: "Ana")
            try await bo.join(later, as: "Bo")
            _ = try await say("new room", by: bo, in: later)
            #expect(try await chatHeard(by: ana, in: later).isEmpty)
            #expect(try await chatHeard(by: cy, in: later) == ["new room"])
            // Heard again.
            response = try await ana.postJSON(
                "/rooms/\(later.code)/members/3/mute", body: #"{"muted": false}"#)
            #expect(try response.decode(MutedJSON.self) == MutedJSON(member: 3, muted: false))
            #expect(try await chatHeard(by: ana, in: later) == ["new room"])
        }
    }

    @Test func nobodyMutesThemselvesABotOrAMemberWhoIsNotThere() async throws {
        try await withTestApp { session in
            let (room, ana, _, _) = try await roomOfThree(session)
            var response = try await ana.postJSON(
                "/rooms/\(room.code)/members/1/mute", body: #"{"muted": true}"#)
            #expect(response.status == .conflict)
            #expect(try response.decode(ErrorJSON.self).error.message == "You cannot mute yourself.")
            response = try await ana.postJSON("/rooms/\(room.code)/members/9/mute", body: #"{"muted": true}"#)
            #expect(response.status == .notFound)
            response = try await ana.postJSON(
                "/rooms/\(room.code)/members/2/mute", body: #"{"muted": "yes"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("muted"))
            _ = try await ana.postJSON("/rooms/\(room.code)/bots", body: #"{"level": "casual"}"#)
            response = try await ana.postJSON("/rooms/\(room.code)/members/4/mute", body: #"{"muted": true}"#)
            #expect(response.status == .conflict)
        }
    }

    @Test func aLinkedBrowserKeepsItsMutesAndAMuteOfItFollowsIt() async throws {
        try await withTestApp { session in
            let (room, ana, bo, cy) = try await roomOfThree(session)
            _ = try await ana.postJSON("/rooms/\(room.code)/members/2/mute", body: #"{"muted": true}"#)
            _ = try await bo.postJSON("/rooms/\(room.code)/members/3/mute", body: #"{"muted": true}"#)
            // Ana's browser links into Cy's player: Cy mutes Bo now, and Bo's mute of Cy stays.
            _ = try await session.store.mergePlayer(ana.player, into: cy.player, at: Date())
            #expect(try await session.store.mutedPlayers(of: cy.player) == [bo.player])
            #expect(try await session.store.mutedPlayers(of: bo.player) == [cy.player])
            // Nobody mutes themselves after a link.
            _ = try await session.store.mergePlayer(bo.player, into: cy.player, at: Date())
            #expect(try await session.store.mutedPlayers(of: cy.player).isEmpty)
        }
    }

    @Test func theHostTurnsChatOffAndOnlyTheHost() async throws {
        try await withTestApp { session in
            let (room, ana, bo, _) = try await roomOfThree(session)
            var response = try await bo.postJSON(
                "/rooms/\(room.code)/chat/audience", body: #"{"audience": "nobody"}"#)
            #expect(response.status == .forbidden)
            response = try await ana.postJSON(
                "/rooms/\(room.code)/chat/audience", body: #"{"audience": "mute"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.decode(ErrorJSON.self).error.message.contains("everyone, players, nobody"))
            response = try await ana.postJSON(
                "/rooms/\(room.code)/chat/audience", body: #"{"audience": "nobody"}"#)
            let changed = try #require(try response.roomMessages().first)
            #expect(changed.kind == "chatChanged")
            #expect(changed.view?.chatAudience == .nobody)
            response = try await say("hello?", by: bo, in: room)
            #expect(response.status == .forbidden)
            #expect(
                try response.decode(ErrorJSON.self).error.message == "The host turned chat off in this room.")
            response = try await bo.postJSON("/rooms/\(room.code)/reactions", body: #"{"emoji": "😮"}"#)
            #expect(response.status == .forbidden)
            let page = try await bo.get(room.pageURL).text
            #expect(page.contains("The host turned chat off in this room."))
            #expect(!page.contains("data-room-chat-form"))
        }
    }

    @Test func aRemovedMemberIsRefusedEverythingAndCannotJoinAgain() async throws {
        try await withTestApp { session in
            let (room, ana, bo, cy) = try await roomOfThree(session)
            var response = try await bo.delete("/rooms/\(room.code)/members/3")
            #expect(response.status == .forbidden)
            response = try await ana.delete("/rooms/\(room.code)/members/3")
            #expect(response.status == .ok)
            let removed = try #require(try response.roomMessages().first)
            #expect(removed.kind == "removed")
            #expect(removed.text == "Ana removed Cy from the room.")
            #expect(removed.view?.members.map(\.name) == ["Ana", "Bo"])
            response = try await cy.postJSON(room.joinURL, body: #"{"name": "Cy again"}"#)
            #expect(response.status == .forbidden)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "The host removed you from this room: you cannot join it again.")
            #expect(try await say("let me in", by: cy, in: room).status == .forbidden)
            #expect(try await cy.snapshot(room).you == nil)
            let page = try await cy.get(room.pageURL).text
            #expect(page.contains("data-room-removed"))
            #expect(!page.contains("data-room-join"))
            // Bo, removed by a form, goes the same way.
            response = try await ana.post("/rooms/\(room.code)/members/2/remove")
            #expect(response.status == .seeOther || response.status == .found)
            #expect(try await ana.snapshot(room).view?.members.map(\.name) == ["Ana"])
        }
    }

    @Test func replaysAndThePagesWordsLeaveTalkOut() async throws {
        try await withTestApp { session in
            let (ana, bo, cy) = (
                try await session.newPlayer(), try await session.newPlayer(), try await session.newPlayer()
            )
            // Rated, so that the game ends once the host is left alone.
            let room = try await ana.createRoom(#"{"game": "set", "name": "Ana", "rated": true}"#)
            try await bo.join(room, as: "Bo")
            try await cy.join(room, as: "Cy")
            _ = try await ana.postJSON(room.startURL, body: "{}")
            _ = try await say("good luck", by: bo, in: room)
            _ = try await bo.postJSON("/rooms/\(room.code)/reactions", body: #"{"emoji": "🔥"}"#)
            // A page loaded now says how the game began, not the talk after it.
            let page = try await ana.get(room.pageURL).text
            #expect(page.contains("The game begins: Ana, Bo, Cy."))
            #expect(page.contains(#"<span class="room-chat-text" dir="auto">good luck</span>"#))
            // A page that drew the start and fell behind says nothing of the talk either.
            let started = try await ana.snapshot(room).lastEvent! - 2
            let behind = try await ana.get(room.pageURL + "?after=\(started)").text
            #expect(!behind.contains("good luck</p>"))
            // The replay of the game has no talk.
            _ = try await ana.delete("/rooms/\(room.code)/members/2")
            _ = try await ana.delete("/rooms/\(room.code)/members/3")
            let replay = try await ana.get("/rooms/\(room.code)/games/1", json: true)
            #expect(replay.status == .ok)
            #expect(!replay.text.contains("good luck") && !replay.text.contains("🔥"))
        }
    }

    @Test func aMessageIsShownAsTextNeverAsMarkup() async throws {
        try await withTestApp { session in
            let (room, ana, bo, _) = try await roomOfThree(session)
            _ = try await say(
                #"<script>alert("x")</script> & <img src=x onerror=alert(1)>"#, by: bo, in: room)
            let page = try await ana.get(room.pageURL).text
            #expect(!page.contains("<script>alert"))
            #expect(!page.contains("<img src=x"))
            #expect(page.contains("&lt;script&gt;"))
        }
    }

    @Test func aFormWithABadMessageComesBackWithItKeptAndItsProblem() async throws {
        try await withTestApp { session in
            let (room, _, bo, _) = try await roomOfThree(session)
            let long = String(repeating: "y", count: 201)
            let response = try await bo.post("/rooms/\(room.code)/chat", form: [("text", long)])
            #expect(response.status == .badRequest)
            let page = response.text
            #expect(page.contains(#"value="\#(long)" aria-invalid="true""#))
            #expect(page.contains("text: a message can be up to 200 characters long."))
            // A good one goes, and the page comes back with it.
            let sent = try await bo.post("/rooms/\(room.code)/chat", form: [("text", "hello")])
            #expect(sent.status == .seeOther || sent.status == .found)
            #expect(try await bo.get(room.pageURL).text.contains(">hello</span>"))
        }
    }
}

/// A talk event as a client reads it.
private struct ChatEventJSON: Decodable {
    let kind: String
    let text: String
    let member: Int?
    let name: String?
}

private struct MutedJSON: Decodable, Equatable {
    let member: Int
    let muted: Bool
}
