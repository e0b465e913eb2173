import Foundation
import HummingbirdTesting
import SetCore
import Testing

@testable import CardTableWeb

/// A claim says which table its player chose from (`seen`, the last event their page drew): a
/// claim naming a card dealt after that is answered "the table changed" and costs nothing, over
/// HTTP and over the socket.
@Suite struct RoomClaimSeenTests {
    /// A Set room of Ana and Bo in which Bo just took a Set: `before` is the last event before
    /// Bo's claim, `after` the last one since, and `wrong` three cards on the table that are no
    /// Set, one of them dealt by Bo's claim.
    private struct TableChange {
        let room: CreatedRoomJSON
        let ana: Browser
        let before: Int
        let after: Int
        let wrong: [Int]
        /// A Set on the table with a card Bo's claim dealt, if there is one.
        let setWithNewCard: [Int]?
        /// Bo's points: the Sets Bo took.
        let boScore: Int
    }

    private func tableChange(_ session: TestSession) async throws -> TableChange {
        let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
        let room = try await ana.createRoom()
        try await bo.join(room, as: "Bo")
        _ = try await ana.postJSON(room.startURL, body: "{}")
        var (start, now) = (try await ana.snapshot(room), try await ana.snapshot(room))
        var old: [Int] = []
        var newCard: SetCard?
        // NB: a Set taken from more than 12 cards deals none (the others close up): Bo goes on.
        while newCard == nil {
            start = now
            old = try #require(start.view?.set?.cards)
            let trio = try #require(SetRules.allSets(in: old.compactMap(SetCard.init(id:))).first)
            _ = try await bo.postJSON(
                "/rooms/\(room.code)/claim", body: #"{"cards": \#(trio.cards.map(\.id))}"#)
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
            room: room, ana: ana, before: try #require(start.lastEvent), after: try #require(now.lastEvent),
            wrong: wrong.map(\.id), setWithNewCard: setWithNewCard?.cards.map(\.id),
            boScore: try #require(now.view?.set?.scores[1]))
    }

    private func claim(_ change: TableChange, _ cards: [Int], seen: Int?) async throws -> [RoomMessageJSON] {
        let seenField = seen.map { #", "seen": \#($0)"# } ?? ""
        let response = try await change.ana.postJSON(
            "/rooms/\(change.room.code)/claim", body: #"{"cards": \#(cards)\#(seenField)}"#)
        #expect(response.status == .ok)
        return try response.roomMessages()
    }

    // MARK: - HTTP

    @Test func aClaimNamingACardDealtAfterWhatItsPlayerSawCostsNothing() async throws {
        try await withTestApp { session in
            let change = try await tableChange(session)
            let crossed = try await claim(change, change.wrong, seen: change.before)
            #expect(crossed.map(\.kind) == ["tableChanged"])
            #expect(crossed.first?.text == "The table changed as Ana claimed: no penalty.")
            #expect(crossed.first?.member == 1)
            #expect(crossed.first?.cards == change.wrong)
            #expect(crossed.first?.view?.set?.scores == [0, change.boScore])
            // A Set too: chosen from a table that was gone, it neither costs nor earns.
            if let trio = change.setWithNewCard {
                let set = try await claim(change, trio, seen: change.before)
                #expect(set.map(\.kind) == ["tableChanged"])
                #expect(set.first?.view?.set?.scores == [0, change.boScore])
            }
            // Once Ana's page drew the new card, the same claim is judged as a claim.
            let judged = try await claim(change, change.wrong, seen: change.after)
            #expect(judged.map(\.kind) == ["wrongSet"])
            #expect(judged.first?.view?.set?.scores == [-1, change.boScore])
        }
    }

    @Test func aClaimWithoutSeenIsJudgedAsItAlwaysWas() async throws {
        try await withTestApp { session in
            let change = try await tableChange(session)
            let judged = try await claim(change, change.wrong, seen: nil)
            #expect(judged.map(\.kind) == ["wrongSet"])
            #expect(judged.first?.view?.set?.scores == [-1, change.boScore])
        }
    }

    @Test func aFormPostSaysWhatItsPageSaw() async throws {
        try await withTestApp { session in
            let change = try await tableChange(session)
            let page = String(buffer: try await change.ana.get(change.room.pageURL).body)
            #expect(page.contains(#"<input type="hidden" name="seen" value="\#(change.after)">"#))
            let form = change.wrong.map { ("card-\($0)", "on") } + [("seen", "\(change.before)")]
            let response = try await change.ana.post("/rooms/\(change.room.code)/claim", form: form)
            #expect(response.status == .seeOther)
            let snapshot = try await change.ana.snapshot(change.room)
            #expect(snapshot.view?.set?.scores == [0, change.boScore])
            let events = try await change.ana.get(
                "/rooms/\(change.room.code)/events?after=\(change.after)", json: true
            ).roomMessages()
            #expect(events.map(\.kind) == ["tableChanged"])
        }
    }

    @Test(arguments: [#""seen": -1"#, #""seen": "9""#, #""seen": 1.5"#, #""seen": [9]"#])
    func aSeenThatIsNoEventNumberIsBadInput(field: String) async throws {
        try await withTestApp { session in
            let change = try await tableChange(session)
            let response = try await change.ana.postJSON(
                "/rooms/\(change.room.code)/claim", body: #"{"cards": \#(change.wrong), \#(field)}"#)
            #expect(response.status == .badRequest)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "seen must be the number of the last event your page drew, a whole number from 0.")
            #expect(try await change.ana.snapshot(change.room).lastEvent == change.after)
        }
    }

    @Test(arguments: ["-4", "four", ""])
    func aFormSeenThatIsNoEventNumberIsBadInput(value: String) async throws {
        try await withTestApp { session in
            let change = try await tableChange(session)
            let form = change.wrong.map { ("card-\($0)", "on") } + [("seen", value)]
            let response = try await change.ana.post(
                "/rooms/\(change.room.code)/claim", form: form, json: true)
            #expect(response.status == .badRequest)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "seen must be the number of the last event your page drew, a whole number from 0.")
        }
    }

    // MARK: - Socket

    @Test func aSocketClaimSaysWhatItsPageSawToo() async throws {
        try await withLiveTestApp { session in
            let change = try await tableChange(session)
            try await change.ana.withRoomSocket(change.room.socketURL) { socket in
                _ = try await socket.next()
                try await socket.send(
                    #"{"type": "claim", "cards": \#(change.wrong), "seen": \#(change.before)}"#)
                let crossed = try await socket.next()
                #expect(crossed.kind == "tableChanged")
                #expect(crossed.text == "The table changed as Ana claimed: no penalty.")
                #expect(crossed.view?.set?.scores == [0, change.boScore])
                for bad in ["-1", #""9""#, "1.5"] {
                    try await socket.send(#"{"type": "claim", "cards": \#(change.wrong), "seen": \#(bad)}"#)
                    #expect(
                        try await socket.next().message
                            == "seen must be the number of the last event you drew, a whole number from 0.")
                }
                try await socket.send(
                    #"{"type": "claim", "cards": \#(change.wrong), "seen": \#(change.after)}"#)
                let judged = try await socket.next()
                #expect(judged.kind == "wrongSet")
                #expect(judged.view?.set?.scores == [-1, change.boScore])
            }
        }
    }
}
