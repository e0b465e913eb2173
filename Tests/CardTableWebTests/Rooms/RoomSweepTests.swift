import Foundation
import Logging
import Testing

@testable import CardTableBasics
@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// A room nobody has been connected to for 30 minutes is closed; its events stay readable for
/// 30 days, then the room is deleted with them.
@Suite struct RoomSweepTests {
    let clock = TestClock.manual
    let host = PlayerID.random()

    private func referee() throws -> RoomReferee {
        let clock = clock
        let store = try SQLiteDatabase(.inMemory)
        return RoomReferee(
            database: store, environment: WebEnvironment(now: { clock.now() }),
            hub: RoomHub(), logger: Logger(label: "test"), turnBackDelay: .milliseconds(1500))
    }

    private func makeRoom(_ referee: RoomReferee) async throws -> RoomCode {
        try await referee.create(.set, themeID: nil, hostName: DisplayName(typed: "Ana"), for: host).room.code
    }

    @Test func aRoomIdleForThirtyMinutesClosesAndKeepsItsEvents() async throws {
        let referee = try referee()
        let code = try await makeRoom(referee)
        _ = try await referee.start(code, for: host)
        clock.advance(by: 29 * 60)
        #expect(try await referee.closeIdleRooms().isEmpty)
        clock.advance(by: 2 * 60)
        #expect(try await referee.closeIdleRooms() == [code])
        let stored = try await referee.current(code)
        #expect(stored.closedAt == clock.now())
        await #expect(
            throws: AppError.conflict(
                "Room \(code) was closed after 30 minutes without players; make a new room.")
        ) {
            try await referee.voteToDeal(code, for: host)
        }
        let (events, _) = try await referee.catchUp(code, after: 0)
        let kinds = try events.map { try JSONText.decode(RoomEvent.self, from: $0).kind }
        #expect(kinds == [.joined, .started, .closed])
        // Closed once: the next sweep finds nothing.
        clock.advance(by: 60 * 60)
        #expect(try await referee.closeIdleRooms().isEmpty)
    }

    @Test func aRoomWithAConnectedPlayerStaysOpen() async throws {
        let referee = try referee()
        let (quiet, watched) = (try await makeRoom(referee), try await makeRoom(referee))
        await referee.hub.connect(host, to: watched)
        clock.advance(by: 31 * 60)
        #expect(try await referee.closeIdleRooms() == [quiet])
        // The connected room counted as active just now, so it outlasts its player by 30 minutes.
        await referee.hub.disconnect(host, from: watched)
        clock.advance(by: 29 * 60)
        #expect(try await referee.closeIdleRooms().isEmpty)
        clock.advance(by: 2 * 60)
        #expect(try await referee.closeIdleRooms() == [watched])
    }

    @Test func aClosedRoomIsDeletedThirtyDaysLaterWithItsReplays() async throws {
        let referee = try referee()
        let (closed, open) = (try await makeRoom(referee), try await makeRoom(referee))
        await referee.hub.connect(host, to: open)
        clock.advance(by: 31 * 60)
        #expect(try await referee.closeIdleRooms() == [closed])
        clock.advance(by: 30 * 24 * 60 * 60 - 60)
        #expect(try await referee.deleteRoomsPastRetention() == 0)
        #expect(try await referee.current(closed).closedAt != nil)
        clock.advance(by: 61)
        // The sweep closes idle rooms and deletes old ones.
        await RoomSweep(referee: referee, logger: Logger(label: "test")).sweepOnce()
        await #expect(throws: RoomReferee.noSuchRoom(closed)) { try await referee.current(closed) }
        await #expect(
            throws: AppError.notFound(
                "There is no room \(closed) to replay: the code is wrong, or the room was deleted with its "
                    + "replays 30 days after it closed.")
        ) {
            try await referee.replay(closed, game: 1)
        }
        #expect(try await referee.current(open).closedAt == nil)
    }
}
