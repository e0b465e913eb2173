import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// Issue 47: one client cannot fill Open rooms. Rooms listed from one address are capped (as
/// well as each player's); a room nobody started within ``Room/listingLifetime``, or whose
/// members are all away, leaves the list; Quick play seats a newcomer where the host is here and
/// most players wait.
@Suite struct ListingSquatTests {
    /// A browser whose requests come through a proxy on this machine naming `address` as the
    /// client (loopback proxies are believed: docs/DEPLOY.md).
    struct Squatter {
        let client: any TestClientProtocol
        let address: String

        func listRoom(as cookie: String) async throws -> TestResponse {
            try await client.execute(
                uri: "/rooms", method: .post,
                headers: [
                    .cookie: cookie, .accept: "application/json", .contentType: "application/json",
                    HTTPField.Name("X-Forwarded-For")!: address,
                ],
                body: ByteBuffer(string: #"{"game": "set", "name": "Squat", "open": true}"#))
        }
    }

    /// 17 fresh cookies from one address, 3 listed rooms each, once filled all 50 places: now 6 are
    /// listed from that address, and a player elsewhere still lists hers.
    @Test func oneAddressListsAtMostSixRooms() async throws {
        try await withTestApp(clock: .manual, live: true) { session in
            let squatter = Squatter(client: session.client, address: "203.0.113.9")
            var listed = 0
            var refused = 0
            for _ in 0..<17 {
                let cookie = try await session.newPlayer().cookie
                for _ in 0..<3 {
                    let response = try await squatter.listRoom(as: cookie)
                    if response.status == .created { listed += 1 }
                    if response.status == .unprocessableContent {
                        refused += 1
                        #expect(
                            try response.decode(ErrorJSON.self).error.message.contains("from your address"))
                    }
                }
            }
            #expect(listed == RoomLimits.standard.listedRoomsPerAddress)
            #expect(refused == 17 * 3 - RoomLimits.standard.listedRoomsPerAddress)
            let ana = try await session.newPlayer()
            let elsewhere = Squatter(client: session.client, address: "198.51.100.4")
            #expect(try await elsewhere.listRoom(as: ana.cookie).status == .created)
            #expect(
                try await OpenRoomsHTTPTests.openRooms(ana).count == RoomLimits.standard.listedRoomsPerAddress
                    + 1)
        }
    }

    @Test func aLobbyNobodyStartsLeavesTheListAndMayBeListedAgain() async throws {
        let clock = TestClock.manual
        try await withTestApp(clock: clock) { session in
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom(#"{"game": "set", "name": "Ana", "open": true}"#)
            clock.advance(by: Room.listingLifetime - 1)
            #expect(try await OpenRoomsHTTPTests.openRooms(ana).count == 1)
            clock.advance(by: 1)
            #expect(try await OpenRoomsHTTPTests.openRooms(ana).isEmpty)
            // Listed again by its host, it is back for as long again.
            let listing = #"{"open": true}"#
            #expect(try await ana.postJSON("/rooms/\(room.code)/open", body: listing).status == .ok)
            #expect(try await OpenRoomsHTTPTests.openRooms(ana).count == 1)
            // Once started it stays listed (spectators may come), however long it plays.
            _ = try await ana.postJSON(room.startURL, body: "{}")
            clock.advance(by: 3 * Room.listingLifetime)
            #expect(try await OpenRoomsHTTPTests.openRooms(ana).count == 1)
        }
    }

    @Test func aRoomWhoseMembersAreAllAwayIsNotListed() async throws {
        var room = Room(
            code: RoomCode("K7QX4P")!, game: .set, theme: nil, host: PlayerID.random(),
            hostName: try DisplayName(typed: "Ana"))
        let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
        _ = try room.setOpen(true, by: room.host.player, from: nil, at: now)
        #expect(room.isListed(at: now))
        _ = room.leave(room.host.player, at: now)
        #expect(!room.isListed(at: now))
    }

    /// Quick play passes over a room whose host has gone (away) for one whose host is here.
    @Test func quickPlayPrefersARoomWhoseHostIsHere() async throws {
        try await withTestApp(clock: .manual) { session in
            let (ana, bo, cy) = (
                try await session.newPlayer(), try await session.newPlayer(), try await session.newPlayer()
            )
            let gone = try await ana.createRoom(#"{"game": "set", "name": "Ana", "open": true}"#)
            let here = try await bo.createRoom(#"{"game": "set", "name": "Bo", "open": true}"#)
            try await session.store.markAway(ana.player, in: try #require(RoomCode(gone.code)))
            let response = try await cy.postJSON("/rooms/quick-play", body: #"{"name": "Cy"}"#)
            #expect(try response.decode(OpenRoomsHTTPTests.QuickPlayJSON.self).code == here.code)
        }
    }
}

extension SQLiteDatabase {
    /// Marks `player` away in room `code`, as when their last socket dropped.
    fileprivate func markAway(_ player: PlayerID, in code: RoomCode) async throws {
        _ = try await changeRoom(code, at: Date()) { stored, now in
            var room = stored.room
            let happenings = room.leave(player, at: now)
            stored.room = room
            return happenings
        }
    }
}
