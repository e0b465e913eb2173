import Testing

@testable import CardTableWeb

/// A room claim that is not three card numbers is bad input (400, naming the field) over HTTP
/// and over the socket, and changes nothing.
@Suite struct RoomClaimInputTests {
    @Test(arguments: [
        #"{"cards": [\#((0..<10_000).map(String.init).joined(separator: ", "))]}"#,
        #"{"cards": [1, 2, 81]}"#, #"{"cards": [-1, 2, 3]}"#, #"{"cards": [1, 2, 3, 4, 5]}"#,
    ])
    func aClaimOfOtherThanCardNumbersIsRefusedAsBadInput(body: String) async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            _ = try await ana.postJSON(room.startURL, body: "{}")
            let before = try await ana.snapshot(room).view?.set
            let (scores, cards) = (before?.scores, before?.cards)
            let response = try await ana.postJSON("/rooms/\(room.code)/claim", body: body)
            #expect(response.status == .badRequest)
            #expect(
                try response.decode(ErrorJSON.self).error.message
                    == "cards must be three card numbers from 0 to 80, like [5, 17, 44] (four in UltraSet).")
            let after = try await ana.snapshot(room).view?.set
            #expect(after?.scores == scores && after?.cards == cards)
        }
    }

    @Test func aSocketClaimMaySayWhatItsPageSaw() {
        #expect(
            RoomSocketRequest.parse(#"{"type": "claim", "cards": [1, 2, 3], "seen": 9}"#)
                == .success(.claim([1, 2, 3])))
        #expect(
            RoomSocketRequest.parse(#"{"type": "claim", "cards": [1, 2, 3]}"#)
                == .success(.claim([1, 2, 3])))
        for seen in ["-1", "1.5", #""9""#, "[9]"] {
            #expect(
                RoomSocketRequest.parse(#"{"type": "claim", "cards": [1, 2, 3], "seen": \#(seen)}"#)
                    == .failure(
                        RoomSocketProblem(
                            "seen must be the number of the last event you drew, a whole number from 0.")),
                "\(seen)")
        }
    }

    @Test(arguments: [#"[1, 2, 81]"#, #"[1, 2, 3, 4, 5]"#, #"[-5, 1, 2]"#])
    func aSocketClaimOfOtherThanCardNumbersIsNotAClaim(cards: String) {
        #expect(
            RoomSocketRequest.parse(#"{"type": "claim", "cards": \#(cards)}"#)
                == .failure(
                    RoomSocketProblem(
                        "cards is not what a claim names: three card numbers from 0 to 80 (four in UltraSet)."
                    )))
    }
}
