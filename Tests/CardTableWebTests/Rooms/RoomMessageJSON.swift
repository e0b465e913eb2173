import Foundation
import HummingbirdTesting
import Testing

@testable import CardTableWeb

/// A message from a room as a client reads it: an event, a snapshot or an error.
struct RoomMessageJSON: Decodable {
    let type: String
    // Events
    let number: Int?
    let game: Int?
    let kind: String?
    let text: String?
    let member: Int?
    let cards: [Int]?
    // Snapshots
    let lastEvent: Int?
    let you: Int?
    // Events and snapshots
    let view: RoomView?
    // Errors
    let message: String?
}

/// What making a room answers.
struct CreatedRoomJSON: Decodable {
    let code: String
    let displayCode: String
    let pageURL: String
    let joinURL: String
    let startURL: String
    let socketURL: String
    let eventsURL: String
}

extension TestResponse {
    /// The messages of a room answer (a JSON array).
    func roomMessages() throws -> [RoomMessageJSON] {
        try decode([RoomMessageJSON].self)
    }
}

extension Browser {
    /// Makes a room and returns what the server answered.
    func createRoom(_ body: String = #"{"game": "set", "name": "Ana"}"#) async throws -> CreatedRoomJSON {
        let response = try await postJSON("/rooms", body: body)
        #expect(response.status == .created)
        return try response.decode(CreatedRoomJSON.self)
    }

    /// Joins the room under `name`.
    @discardableResult
    func join(_ room: CreatedRoomJSON, as name: String) async throws -> [RoomMessageJSON] {
        let response = try await postJSON(room.joinURL, body: #"{"name": "\#(name)"}"#)
        #expect(response.status == .ok)
        return try response.roomMessages()
    }

    /// The room's snapshot as this player sees it.
    func snapshot(_ room: CreatedRoomJSON) async throws -> RoomMessageJSON {
        try await get(room.pageURL, json: true).decode(RoomMessageJSON.self)
    }
}
