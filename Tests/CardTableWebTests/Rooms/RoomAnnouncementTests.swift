import Foundation
import HummingbirdTesting
import SetCore
import Testing

@testable import CardTableWeb

/// What a room page says: the last move for a page loaded fresh, and every event since the one it
/// drew for a page that redraws (`?after=N`), so that two Sets found at once are both said.
@Suite struct RoomAnnouncementTests {
    /// The words of the page's announcement.
    static func announcement(of response: TestResponse) throws -> String {
        String(try #require(response.text.firstMatch(of: #/data-room-announcement[^>]*>([^<]*)</p>/#)).1)
    }

    @Test func aPageBehindSaysEveryEventSinceTheOneItDrewInOrder() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await bo.join(room, as: "Bo")
            let drawn = try #require(
                try await ana.postJSON(room.startURL, body: "{}").roomMessages().last?.number)
            // Ana and Bo each find a Set before Bo's page redraws.
            for claimer in [ana, bo] {
                let table = try #require(try await claimer.snapshot(room).view?.set)
                let trio = try #require(SetRules.allSets(in: table.cards.compactMap(SetCard.init(id:))).first)
                let answer = try await claimer.postJSON(
                    "/rooms/\(room.code)/claim", body: #"{"cards": \#(trio.cards.map(\.id))}"#)
                #expect(try answer.roomMessages().first?.kind == "scored")
            }
            let behind = try Self.announcement(of: try await bo.get("\(room.pageURL)?after=\(drawn)"))
            let anaSaid = try #require(behind.range(of: "Ana found a Set: "), "\(behind)")
            let boSaid = try #require(behind.range(of: "Bo found a Set: "), "\(behind)")
            #expect(anaSaid.lowerBound == behind.startIndex && anaSaid.lowerBound < boSaid.lowerBound)
            #expect(!behind.contains("The game begins"))
            // A page loaded fresh, or with nothing new, says the last move only.
            let lastEvent = try await bo.snapshot(room).lastEvent ?? 0
            for path in [room.pageURL, "\(room.pageURL)?after=\(lastEvent)"] {
                let fresh = try Self.announcement(of: try await bo.get(path))
                #expect(fresh.hasPrefix("Bo found a Set: ") && !fresh.contains("Ana"), "\(path): \(fresh)")
            }
            for after in ["-1", "x", "1.5"] {
                let response = try await bo.get("\(room.pageURL)?after=\(after)")
                #expect(response.status == .badRequest, "\(after)")
                #expect(response.text.contains("after must be the number of the last event you have"))
            }
        }
    }

    @Test func aPageFarBehindSaysTheNewestEventsAndHowManyItLeftOut() async throws {
        try await withTestApp { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom()
            // Events 2 to 10: "Ana is now Ana 1.", …, "Ana 8 is now Ana 9."
            for number in 1...9 { try await ana.join(room, as: "Ana \(number)") }
            let renames = (1...9).map { "\($0 == 1 ? "Ana" : "Ana \($0 - 1)") is now Ana \($0)." }
            #expect(RoomReferee.newsLimit == 6)
            let farBehind = try Self.announcement(of: try await ana.get("\(room.pageURL)?after=0"))
            #expect(farBehind == "4 earlier events, then: " + renames.suffix(6).joined(separator: " "))
            let oneBehind = try Self.announcement(of: try await ana.get("\(room.pageURL)?after=3"))
            #expect(oneBehind == "1 earlier event, then: " + renames.suffix(6).joined(separator: " "))
            let twoBehind = try Self.announcement(of: try await ana.get("\(room.pageURL)?after=8"))
            #expect(twoBehind == renames.suffix(2).joined(separator: " "))
        }
    }
}
