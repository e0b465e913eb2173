import SetCore
import Testing

@testable import CardTableWeb

/// A Set room plays the mode its host chose: the table says it, claims name the mode's matches,
/// and Set-Chain's last Set is part of the table everyone sees.
@Suite struct RoomModeTests {
    @Test(arguments: SetVariant.allCases)
    func aSetRoomPlaysTheModeItsHostChose(mode: SetVariant) async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom(
                #"{"game": "set", "name": "Ana", "mode": "\#(mode.rawValue)", "open": true}"#)
            // The open list says the room's mode.
            let listed = try await bo.get("/rooms/open", json: true).text
            #expect(listed.contains(#""mode":"\#(mode.rawValue)""#))
            try await bo.join(room, as: "Bo")
            _ = try await ana.postJSON(room.startURL, body: "{}")
            let table = try #require(try await ana.snapshot(room).view?.set)
            #expect(table.mode == mode)
            #expect(table.cards.count >= mode.tableSize)
            #expect((table.previousSet != nil) == (mode == .chain))
            // The first match on the table scores, whatever it is made of.
            let cards = table.cards.compactMap(SetCard.init(id:))
            let match = try #require(mode.firstMatch(onTable: cards))
            let claim = try await ana.postJSON(
                "/rooms/\(room.code)/claim", body: "{\"cards\": \(match.cards.map(\.id))}")
            let scored = try claim.roomMessages().first { $0.kind == "scored" }
            #expect(scored?.text?.hasPrefix("Ana found \(mode.aMatch):") == true)
            let after = try #require(try await bo.snapshot(room).view?.set)
            #expect(after.scores == [1, 0])
            #expect(after.sets[0] == [match.cards.map(\.id)])
            if mode == .chain { #expect(after.previousSet == match.cards.map(\.id)) }
            let page = try await bo.get(room.pageURL).text
            #expect(page.contains(#"data-cards-per-claim="\#(mode.cardsPerMatch)""#))
            #expect(page.contains("data-room-chain") == (mode == .chain))
        }
    }

    @Test func aSetChainReplayNamesTheModeAndShowsTheLastSet() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom(#"{"game": "set", "name": "Ana", "mode": "chain"}"#)
            _ = try await ana.postJSON(room.startURL, body: "{}")
            var claims = 0
            while let table = try await ana.snapshot(room).view?.set, !table.isOver, claims < 60 {
                let cards = table.cards.compactMap(SetCard.init(id:))
                let previous = table.previousSet.flatMap { ids -> SetTrio? in
                    let trio = ids.compactMap(SetCard.init(id:))
                    return trio.count == 3 ? SetTrio(trio[0], trio[1], trio[2]) : nil
                }
                let match = try #require(SetVariant.chain.firstMatch(onTable: cards, after: previous))
                _ = try await ana.postJSON(
                    "/rooms/\(room.code)/claim", body: "{\"cards\": \(match.cards.map(\.id))}")
                claims += 1
            }
            #expect(try await ana.snapshot(room).view?.phase == .finished)
            let replay = try await ana.get("/rooms/\(room.code)/games/1?move=3").text
            #expect(replay.contains("Set-Chain"))
            #expect(replay.contains("data-replay-last-set"))
        }
    }

    @Test func aClaimOfThreeCardsInAnUltraSetRoomIsRefusedByTheGame() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom(#"{"game": "set", "name": "Ana", "mode": "ultra"}"#)
            _ = try await ana.postJSON(room.startURL, body: "{}")
            let table = try #require(try await ana.snapshot(room).view?.set)
            let response = try await ana.postJSON(
                "/rooms/\(room.code)/claim", body: "{\"cards\": \(Array(table.cards.prefix(3)))}")
            #expect(response.status == .conflict || response.status == .unprocessableContent)
            #expect(response.text.contains("A claim names four different cards."))
        }
    }

    @Test func aModeIsRefusedForMemorizeAndAnUnknownModeIsNamed() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let unknown = try await ana.postJSON("/rooms", body: #"{"game": "set", "mode": "speed"}"#)
            #expect(unknown.status == .badRequest)
            #expect(unknown.text.contains("mode must be normal, junior, chain or ultra."))
            let memorize = try await ana.postJSON(
                "/rooms", body: #"{"game": "memorize", "themeID": 1, "mode": "ultra"}"#)
            #expect(memorize.status == .badRequest)
            #expect(memorize.text.contains("mode is for Set rooms"))
        }
    }

    @Test func theNewRoomFormOffersEveryModeForSetOnly() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let set = try await ana.get("/rooms/new?game=set").text
            for mode in SetVariant.allCases { #expect(set.contains(#"data-room-mode="\#(mode.rawValue)""#)) }
            #expect(set.contains(#"value="normal" checked"#))
            let memorize = try await ana.get("/rooms/new?game=memorize&themeID=1")
            #expect(memorize.status == .ok)
            #expect(memorize.text.contains("Play Memorize with friends"))
            #expect(!memorize.text.contains("data-room-mode"))
        }
    }
}
