import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// What one client can make the rooms' tables hold: rooms only from players who came with their
/// cookie, at most five open at once per host, and closed rooms deleted 30 days after closing.
@Suite struct RoomGrowthTests {
    private func counts(_ store: SQLiteDatabase) async throws -> [Int] {
        try await store.dbWriter.read { db in
            try ["player", "room", "room_event"].map {
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? 0
            }
        }
    }

    @Test func aRequestWithoutAPlayersCookieMakesNoRoomAndStoresNothing() async throws {
        try await withTestApp { session in
            let before = try await counts(session.store)
            let message =
                "Making a room needs your player cookie, and this request came without one: open the home page "
                + "first (with cookies allowed), then make the room from there."
            let forged =
                "cardtable_player=\(String(repeating: "ab", count: 16)).\(String(repeating: "A", count: 43))"
            for cookie in [nil, forged] {
                var headers: HTTPFields = [.accept: "application/json", .contentType: "application/json"]
                headers[.cookie] = cookie
                let response = try await session.client.execute(
                    uri: "/rooms", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"game": "set", "name": "Ana"}"#))
                #expect(response.status == .forbidden)
                #expect(try response.decode(ErrorJSON.self).error.message == message)
            }
            let page = try await session.client.execute(
                uri: "/rooms", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "game=set&name=Ana"))
            #expect(page.status == .forbidden)
            #expect(page.text.contains("Making a room needs your player cookie"))
            #expect(try await counts(session.store) == before)
            // The cookie any page gives is enough.
            _ = try await session.newPlayer().createRoom()
        }
    }

    @Test func aSixthOpenRoomIsRefusedInWords() async throws {
        try await withTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            for _ in 0..<RoomLimits.standard.openRoomsPerHost { _ = try await ana.createRoom() }
            let message =
                "You are the host of 5 open rooms already, as many as one player may have: play in one of "
                + "them, or make a new one once one has closed (a room closes 30 minutes after its last player "
                + "leaves)."
            let refused = try await ana.postJSON("/rooms", body: #"{"game": "set", "name": "Ana"}"#)
            #expect(refused.status == .unprocessableContent)
            #expect(try refused.decode(ErrorJSON.self).error.message == message)
            let page = try await ana.post("/rooms", form: [("game", "set"), ("name", "Ana")])
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains("You are the host of 5 open rooms already"))
            #expect(try await counts(session.store)[1] == 5)
            _ = try await bo.createRoom()
        }
    }

    @Test func theReplayOfADeletedRoomSaysTheRoomIsGone() async throws {
        try await withTestApp { session in
            let (room, ana, _) = try await RoomReplayTests().finishedSetRoom(session)
            let replay = "/rooms/\(room.code)/games/1"
            #expect(try await ana.get(replay).status == .ok)
            let closed = Date(timeIntervalSince1970: 2_000_000)
            _ = try await session.store.closeRooms(
                idleSince: .distantFuture, connected: [], at: closed,
                saying: RoomHappening(kind: .closed, text: "Closed."))
            #expect(
                try await session.store.deleteRooms(
                    closedBefore: closed.addingTimeInterval(RoomSweep.retention + 1), limit: 10) == 1)
            let message =
                "There is no room \(room.displayCode) to replay: the code is wrong, or the room was deleted with "
                + "its replays 30 days after it closed."
            let json = try await ana.get(replay, json: true)
            #expect(json.status == .notFound)
            #expect(try json.decode(ErrorJSON.self).error.message == message)
            let page = try await ana.get(replay)
            #expect(page.status == .notFound)
            #expect(page.text.contains("the room was deleted with its replays 30 days after it closed."))
        }
    }
}
