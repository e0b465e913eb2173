import Foundation
import HummingbirdTesting
import SetCore
import Testing

@testable import CardTableWeb

/// A claim naming a card that reached its player less than ``MultiplayerSetGame/reactionTime``
/// before is "the table changed" and costs nothing; any other claim is judged, whatever `seen`
/// says. Over HTTP a card reaches its player when it is dealt; on a socket, when the event that
/// dealt it went out on it. A player's moves in a room keep to a pace.
@Suite struct RoomReactionTimeTests {
    /// A Set room of Ana and Bo in which Bo just took a Set that dealt new cards, at `dealtAt`:
    /// `wrong` is three cards on the table that are no Set, one of them new.
    private struct TableChange {
        let room: CreatedRoomJSON
        let ana: Browser
        let bo: Browser
        let lastEvent: Int
        let wrong: [Int]
        /// A Set on the table with a card Bo's claim dealt, if there is one.
        let setWithNewCard: [Int]?
        /// Bo's points: the Sets Bo took.
        let boScore: Int

        /// Runs `body` with a socket of Ana's that has had every event (`after` the last).
        func withAnasSocketUpToDate(
            _ script: @escaping @Sendable (RoomSocketConnection) async throws -> Void
        ) async throws {
            try await ana.withRoomSocket(room.socketURL + "?after=\(lastEvent)", script)
        }
    }

    /// Ana makes a room, Bo joins and the game starts.
    private func startedRoom(_ session: TestSession) async throws -> (CreatedRoomJSON, Browser, Browser) {
        let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
        let room = try await ana.createRoom()
        try await bo.join(room, as: "Bo")
        _ = try await ana.postJSON(room.startURL, body: "{}")
        return (room, ana, bo)
    }

    /// A started room in which Bo took Sets until one dealt new cards (see ``changeTable``).
    private func tableChange(_ session: TestSession, clock: TestClock) async throws -> TableChange {
        let (room, ana, bo) = try await startedRoom(session)
        return try await changeTable(room, ana: ana, bo: bo, clock: clock)
    }

    /// Bo takes Sets (each a second after the table last changed) until one deals new cards; the
    /// clock stops there.
    private func changeTable(_ room: CreatedRoomJSON, ana: Browser, bo: Browser, clock: TestClock)
        async throws -> TableChange
    {
        var now = try await ana.snapshot(room)
        var old: [Int] = []
        var newCard: SetCard?
        // NB: a Set taken from more than 12 cards deals none (the others close up): Bo goes on.
        while newCard == nil {
            old = try #require(now.view?.set?.cards)
            let trio = try #require(SetRules.allSets(in: old.compactMap(SetCard.init(id:))).first)
            clock.advance(by: 1)
            let taken = try await bo.postJSON(
                "/rooms/\(room.code)/claim", body: #"{"cards": \#(trio.cards.map(\.id))}"#)
            #expect(try taken.roomMessages().first?.kind == "scored")
            now = try await ana.snapshot(room)
            newCard = try #require(now.view?.set?.cards).compactMap(SetCard.init(id:)).first {
                !old.contains($0.id)
            }
        }
        let table = try #require(now.view?.set?.cards).compactMap(SetCard.init(id:))
        let dealt = try #require(newCard)
        let kept = table.filter { old.contains($0.id) }
        let wrong = try #require(
            kept.indices.lazy.compactMap { index -> [SetCard]? in
                let cards = [dealt, kept[0], kept[index]]
                return index > 0 && !SetRules.isSet(cards[0], cards[1], cards[2]) ? cards : nil
            }.first)
        let setWithNewCard = SetRules.allSets(in: table).first { !Set($0.cards).isSubset(of: kept) }
        return TableChange(
            room: room, ana: ana, bo: bo, lastEvent: try #require(now.lastEvent), wrong: wrong.map(\.id),
            setWithNewCard: setWithNewCard?.cards.map(\.id), boScore: try #require(now.view?.set?.scores[1]))
    }

    private func claim(_ change: TableChange, _ cards: [Int], seen: Int? = nil) async throws
        -> [RoomMessageJSON]
    {
        let seenField = seen.map { #", "seen": \#($0)"# } ?? ""
        let response = try await change.ana.postJSON(
            "/rooms/\(change.room.code)/claim", body: #"{"cards": \#(cards)\#(seenField)}"#)
        #expect(response.status == .ok)
        return try response.roomMessages()
    }

    // MARK: - HTTP

    @Test func aClaimOfACardDealtLessThanAReactionTimeAgoCostsNothing() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let change = try await tableChange(session, clock: clock)
            var elapsed = 0.0
            for delay in [0.05, 0.1, 0.2, 0.3, 0.5] {
                clock.advance(by: delay - elapsed)
                elapsed = delay
                let crossed = try await claim(change, change.wrong)
                #expect(crossed.map(\.kind) == ["tableChanged"], "a claim \(delay) s after the deal")
                #expect(crossed.first?.text == "The table changed as Ana claimed: no penalty.")
                #expect(crossed.first?.member == 1)
                #expect(crossed.first?.cards == change.wrong)
                #expect(crossed.first?.view?.set?.scores == [0, change.boScore])
            }
            // A Set too: one of its cards was not in view long enough to have been seen.
            if let trio = change.setWithNewCard {
                let set = try await claim(change, trio)
                #expect(set.map(\.kind) == ["tableChanged"])
                #expect(set.first?.view?.set?.scores == [0, change.boScore])
            }
            // A second after the deal the same claim is judged as a claim.
            clock.advance(by: 1 - elapsed)
            let judged = try await claim(change, change.wrong)
            #expect(judged.map(\.kind) == ["wrongSet"])
            #expect(judged.first?.view?.set?.scores == [-1, change.boScore])
            if let trio = change.setWithNewCard {
                let set = try await claim(change, trio)
                // NB: a table the Set leaves without one deals three more at once (the game's deal
                // is random): an event of its own.
                #expect(set.first?.kind == "scored")
                #expect(set.dropFirst().map(\.kind).allSatisfy { $0 == "dealt" } && set.count <= 2)
                #expect(set.first?.view?.set?.scores == [0, change.boScore])
            }
        }
    }

    @Test(arguments: [0, 1, 5])
    func aWrongClaimCostsItsPointWhateverSeenSays(seen: Int) async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let change = try await tableChange(session, clock: clock)
            clock.advance(by: 1)
            let judged = try await claim(change, change.wrong, seen: seen)
            #expect(judged.map(\.kind) == ["wrongSet"])
            #expect(judged.first?.view?.set?.scores == [-1, change.boScore])
        }
    }

    @Test func aFormPostIsJudgedByWhenItsCardsWereDealt() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let change = try await tableChange(session, clock: clock)
            let page = String(buffer: try await change.ana.get(change.room.pageURL).body)
            #expect(!page.contains(#"name="seen""#))
            #expect(page.contains(#"data-reaction-ms="600""#))
            let form = change.wrong.map { ("card-\($0)", "on") }
            clock.advance(by: 0.2)
            #expect(
                try await change.ana.post("/rooms/\(change.room.code)/claim", form: form).status == .seeOther)
            #expect(try await change.ana.snapshot(change.room).view?.set?.scores == [0, change.boScore])
            clock.advance(by: 0.8)
            // An older page's hidden `seen` is still taken.
            let older = form + [("seen", "\(change.lastEvent)")]
            #expect(
                try await change.ana.post("/rooms/\(change.room.code)/claim", form: older).status == .seeOther
            )
            #expect(try await change.ana.snapshot(change.room).view?.set?.scores == [-1, change.boScore])
            let events = try await change.ana.get(
                "/rooms/\(change.room.code)/events?after=\(change.lastEvent)", json: true
            ).roomMessages()
            #expect(events.map(\.kind) == ["tableChanged", "wrongSet"])
        }
    }

    @Test(arguments: [#""seen": -1"#, #""seen": "9""#, #""seen": 1.5"#, #""seen": [9]"#])
    func aSeenThatIsNoEventNumberIsBadInput(field: String) async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let change = try await tableChange(session, clock: clock)
            let response = try await change.ana.postJSON(
                "/rooms/\(change.room.code)/claim", body: #"{"cards": \#(change.wrong), \#(field)}"#)
            #expect(response.status == .badRequest)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "seen must be the number of the last event your page drew, a whole number from 0.")
            #expect(try await change.ana.snapshot(change.room).lastEvent == change.lastEvent)
        }
    }

    @Test(arguments: ["-4", "four", ""])
    func aFormSeenThatIsNoEventNumberIsBadInput(value: String) async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let change = try await tableChange(session, clock: clock)
            let form = change.wrong.map { ("card-\($0)", "on") } + [("seen", value)]
            let response = try await change.ana.post(
                "/rooms/\(change.room.code)/claim", form: form, json: true)
            #expect(response.status == .badRequest)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "seen must be the number of the last event your page drew, a whole number from 0.")
        }
    }

    // MARK: - Pace

    @Test func movesFasterThanAnyonePlaysAreRefusedAndStoreNothing() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let change = try await tableChange(session, clock: clock)
            clock.advance(by: 1)
            let before = try await change.ana.snapshot(change.room)
            for _ in 0..<RoomMoveRules.standard.allowance {
                #expect(try await claim(change, change.wrong).map(\.kind) == ["wrongSet"])
            }
            let refused = try await change.ana.postJSON(
                "/rooms/\(change.room.code)/claim", body: #"{"cards": \#(change.wrong)}"#)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "1")
            #expect(
                try refused.decode(ErrorJSON.self).error.message
                    == "Moves are coming faster than anyone plays: wait 1 second, then try again.")
            #expect(
                try await change.ana.postJSON("/rooms/\(change.room.code)/deal", body: "{}").status
                    == .tooManyRequests)
            let after = try await change.ana.snapshot(change.room)
            #expect(after.lastEvent == (before.lastEvent ?? 0) + RoomMoveRules.standard.allowance)
            // Bo's pace is Bo's own.
            let bo = try await change.bo.postJSON("/rooms/\(change.room.code)/deal", body: "{}")
            #expect(bo.status == .ok)
            // A quarter of a second later Ana may move once more.
            clock.advance(by: RoomMoveRules.standard.forgivenAfter)
            #expect(try await claim(change, change.wrong).map(\.kind) == ["wrongSet"])
        }
    }

    // MARK: - Socket

    @Test func aSocketClaimCountsFromWhenItsCardsWentOutOnTheSocket() async throws {
        let clock = TestClock.manual
        try await withLiveTestApp(clock: clock) { session in
            let (room, ana, bo) = try await startedRoom(session)
            clock.advance(by: 1)
            try await ana.withRoomSocket(room.socketURL) { socket in
                // A new socket's snapshot makes no card new again: they count from their deal.
                let snapshot = try await socket.next()
                #expect(snapshot.type == "snapshot")
                let opening = try #require(snapshot.view?.set?.cards).compactMap(SetCard.init(id:))
                let old = try #require(
                    opening.indices.lazy.compactMap { index -> [Int]? in
                        let cards = [opening[0], opening[1], opening[index]]
                        return index > 1 && !SetRules.isSet(cards[0], cards[1], cards[2])
                            ? cards.map(\.id) : nil
                    }.first)
                try await socket.send(#"{"type": "claim", "cards": \#(old), "seen": 0}"#)
                #expect(try await socket.next().kind == "wrongSet")
                // Bo's Sets deal new cards; each event goes out on Ana's socket as it comes.
                let change = try await changeTable(room, ana: ana, bo: bo, clock: clock)
                while try await socket.next().number != change.lastEvent {}
                clock.advance(by: 0.3)
                try await socket.send(#"{"type": "claim", "cards": \#(change.wrong), "seen": 0}"#)
                let crossed = try await socket.next()
                #expect(crossed.kind == "tableChanged")
                #expect(crossed.text == "The table changed as Ana claimed: no penalty.")
                #expect(crossed.view?.set?.scores == [-1, change.boScore])
                for bad in ["-1", #""9""#, "1.5"] {
                    try await socket.send(#"{"type": "claim", "cards": \#(change.wrong), "seen": \#(bad)}"#)
                    #expect(
                        try await socket.next().message
                            == "seen must be the number of the last event you drew, a whole number from 0.")
                }
                clock.advance(by: 0.4)
                try await socket.send(#"{"type": "claim", "cards": \#(change.wrong)}"#)
                let judged = try await socket.next()
                #expect(judged.kind == "wrongSet")
                #expect(judged.view?.set?.scores == [-2, change.boScore])
            }
        }
    }

    @Test func aSocketClientThatHadEveryEventCountsFromTheDeal() async throws {
        let clock = TestClock.manual
        try await withLiveTestApp(clock: clock) { session in
            let change = try await tableChange(session, clock: clock)
            clock.advance(by: 0.3)
            try await change.withAnasSocketUpToDate { socket in
                try await socket.send(#"{"type": "claim", "cards": \#(change.wrong)}"#)
                #expect(try await socket.next().kind == "tableChanged")
                clock.advance(by: 0.4)
                try await socket.send(#"{"type": "claim", "cards": \#(change.wrong)}"#)
                #expect(try await socket.next().kind == "wrongSet")
            }
        }
    }

    @Test func aSocketSaysWhenMovesComeTooFast() async throws {
        let clock = TestClock.manual
        try await withLiveTestApp(clock: clock) { session in
            let change = try await tableChange(session, clock: clock)
            clock.advance(by: 1)
            try await change.withAnasSocketUpToDate { socket in
                for _ in 0..<RoomMoveRules.standard.allowance {
                    try await socket.send(#"{"type": "claim", "cards": \#(change.wrong)}"#)
                    #expect(try await socket.next().kind == "wrongSet")
                }
                try await socket.send(#"{"type": "claim", "cards": \#(change.wrong)}"#)
                #expect(
                    try await socket.next().message
                        == "Moves are coming faster than anyone plays: wait 1 second, then try again.")
            }
        }
    }
}
