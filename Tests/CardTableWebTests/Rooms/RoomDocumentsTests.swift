import Foundation
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// The memo of rooms beside the text they are stored as: a room read back as it was written is
/// not decoded again, and any other text is.
@Suite struct RoomDocumentsTests {
    private let ana = PlayerID.random()

    private func room(_ code: String, name: String = "Ana") throws -> Room {
        Room(
            code: try #require(RoomCode(code)), game: .set, theme: nil, host: ana,
            hostName: try DisplayName(typed: name))
    }

    @Test func aRoomReadBackAsItWasWrittenIsNotDecodedAgain() throws {
        let documents = RoomDocuments(limit: 10)
        let room = try room("K7QX4P")
        // NB: a text that cannot be decoded: only the memo can answer for it.
        documents.remember(room, storedAs: "kept, not JSON")
        #expect(try documents.room(room.code, storedAs: "kept, not JSON") == room)
        #expect(throws: (any Error).self) { try documents.room(room.code, storedAs: "other, not JSON") }
    }

    @Test func anotherTextIsDecodedAndKeptInstead() throws {
        let documents = RoomDocuments(limit: 10)
        let before = try room("K7QX4P")
        let written = try documents.text(of: before)
        #expect(try documents.room(before.code, storedAs: written) == before)
        // Another instance saved the room with another host name meanwhile.
        let after = try room("K7QX4P", name: "Bo")
        let theirs = try JSONText.encode(after)
        #expect(try documents.room(before.code, storedAs: theirs) == after)
        #expect(try documents.room(before.code, storedAs: theirs) == after)
        #expect(try documents.room(before.code, storedAs: written) == before)
    }

    @Test func pastItsLimitItForgetsARoomForEachNewOne() throws {
        let documents = RoomDocuments(limit: 2)
        let rooms = try ["K7QX4P", "ABC234", "ZZ9XY8"].map { try room($0) }
        for room in rooms { documents.remember(room, storedAs: "not JSON \(room.code.rawValue)") }
        let kept = rooms.filter { room in
            (try? documents.room(room.code, storedAs: "not JSON \(room.code.rawValue)")) != nil
        }
        #expect(kept.count == 2)
        #expect(kept.contains(rooms[2]))
    }
}
