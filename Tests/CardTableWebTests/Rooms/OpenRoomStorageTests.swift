import Foundation
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// Open rooms in the database, on SQLite and (with a test cluster) on PostgreSQL, read by another
/// instance than the one that listed them: only listed rooms that are not closed, a host's
/// fourth listed room refused, and a room taken off or closed gone from the list at once.
@Suite struct OpenRoomStorageTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let ana = PlayerID.random()

    @Test(arguments: TestStores.available)
    func theListIsReadFromTheStore(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 2) { instances in
            let (writer, reader) = (instances[0].database, instances[1].database)
            var made: [RoomCode] = []
            for (index, open) in [true, false, true, true].enumerated() {
                let change = try await writer.createRoom(
                    at: now.addingTimeInterval(Double(index)), maximumOpenRooms: 5, maximumListedRooms: 3,
                    code: Self.randomCode
                ) { code in
                    (self.room(code, open: open), [RoomHappening(kind: .joined, text: "Ana made it.")])
                }
                made.append(change.stored.room.code)
            }
            var listed = try await reader.openRooms(limit: 10, at: now).map(\.room.code)
            #expect(listed == [made[0], made[2], made[3]])

            // A fourth listed room is refused, made or listed later; an unlisted one is not.
            await #expect(throws: RoomRefusal.tooManyListedRooms(maximum: 3)) {
                _ = try await writer.createRoom(
                    at: now, maximumOpenRooms: 5, maximumListedRooms: 3, code: Self.randomCode
                ) { code in
                    (self.room(code, open: true), [RoomHappening(kind: .joined, text: "Ana made it.")])
                }
            }
            await #expect(throws: RoomRefusal.tooManyListedRooms(maximum: 3)) {
                _ = try await writer.changeRoomListing(
                    made[1], at: now, maximumListedRooms: 3, maximumListedPerAddress: 6
                ) {
                    stored, now in
                    try stored.room.setOpen(true, by: self.ana, from: nil, at: now)
                }
            }

            // Taken off, or closed: gone at once, on the other instance too.
            let unlisted = try await writer.changeRoomListing(
                made[0], at: now, maximumListedRooms: 3, maximumListedPerAddress: 6
            ) {
                stored, now in try stored.room.setOpen(false, by: self.ana, from: nil, at: now)
            }
            #expect(unlisted?.stored.room.isOpen == false)
            #expect(unlisted?.events.count == 1)
            let closing = made[2]
            try await writer.write { try $0.close(closing, at: self.now) }
            listed = try await reader.openRooms(limit: 10, at: now).map(\.room.code)
            #expect(listed == [made[3]])

            // With two listed now, another may be.
            let relisted = try await writer.changeRoomListing(
                made[1], at: now, maximumListedRooms: 3, maximumListedPerAddress: 6
            ) {
                stored, now in try stored.room.setOpen(true, by: self.ana, from: nil, at: now)
            }
            #expect(relisted?.stored.room.isOpen == true)
            #expect(try await reader.openRooms(limit: 10, at: now).map(\.room.code) == [made[1], made[3]])
        }
    }

    @Sendable static func randomCode() -> RoomCode {
        var generator = SystemRandomNumberGenerator()
        return RoomCode.random(using: &generator)
    }

    private func room(_ code: RoomCode, open: Bool) -> Room {
        var room = Room(
            code: code, game: .set, theme: nil, host: ana, hostName: try! DisplayName(typed: "Ana"))
        if open { room.setOpenSince(now, from: nil) }
        return room
    }
}
