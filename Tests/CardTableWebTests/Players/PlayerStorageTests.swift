import Foundation
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// The players' store, on SQLite and (with a test cluster) on PostgreSQL: visits are noted once a
/// day, never for a player who is not stored, and the sweep forgets only players not seen since
/// the cutoff, with their games.
@Suite struct PlayerStorageTests {
    let day: TimeInterval = 24 * 60 * 60
    let start = Date(timeIntervalSinceReferenceDate: 900_000_000)

    /// Stores `player` as the first move of a Set game does, at `now`.
    private func store(_ player: PlayerID, at now: Date, in instance: TestStores.Instance) async throws {
        try await instance.database.changeSetGame(for: player, at: now) { _ in
            (SavedSetGame(game: SetGame(mode: .solo, at: now), lastMove: .newGame), ())
        }
    }

    @Test(arguments: TestStores.available)
    func visitsAreNotedOnceADayOnEachDeviceForStoredPlayersOnly(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let players = instances[0].database
            let (phone, laptop) = (DeviceID.random(), DeviceID.random())
            let name = DeviceName(userAgent: nil)
            let stranger = PlayerID.random()
            #expect(
                try await players.noteVisit(of: stranger, on: phone, named: name, at: start)
                    == start.addingTimeInterval(day))
            #expect(
                try await instances[0].count(
                    "SELECT count(*) FROM player WHERE id <> '\(SharedThemes.owner)'") == 0)
            #expect(try await instances[0].count("SELECT count(*) FROM device") == 0)
            #expect(try await players.hasUnsignedCookie(stranger) == false)

            let player = PlayerID.random()
            try await store(player, at: start, in: instances[0])
            // A device not seen before is recorded at once; then nothing is written within a day.
            let hourLater = start.addingTimeInterval(3600)
            #expect(
                try await players.noteVisit(of: player, on: phone, named: name, at: hourLater)
                    == hourLater.addingTimeInterval(day))
            #expect(
                try await players.noteVisit(
                    of: player, on: phone, named: name, at: hourLater.addingTimeInterval(60))
                    == hourLater.addingTimeInterval(day))
            let later = start.addingTimeInterval(day + 3600)
            #expect(
                try await players.noteVisit(of: player, on: phone, named: name, at: later)
                    == later.addingTimeInterval(day))
            #expect(
                try await players.noteVisit(
                    of: player, on: laptop, named: name, at: later.addingTimeInterval(60))
                    == later.addingTimeInterval(60 + day))
            #expect(
                try await instances[0].count(
                    "SELECT count(*) FROM device WHERE player_id = '\(player.rawValue)'")
                    == 2)
            #expect(try await players.hasUnsignedCookie(player) == false)
            try await instances[0].execute(
                "UPDATE player SET unsigned_cookie = (1 = 1) WHERE id = '\(player.rawValue)'")
            #expect(try await players.hasUnsignedCookie(player))
        }
    }

    @Test(arguments: TestStores.available)
    func theSweepForgetsOnlyPlayersNotSeenSinceTheCutoff(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let (gone, kept, returning) = (PlayerID.random(), PlayerID.random(), PlayerID.random())
            try await store(gone, at: start, in: instances[0])
            try await store(returning, at: start, in: instances[0])
            try await store(kept, at: start.addingTimeInterval(100 * day), in: instances[0])
            try await instances[0].database.noteVisit(
                of: returning, on: DeviceID.random(), named: DeviceName(userAgent: nil),
                at: start.addingTimeInterval(100 * day))
            let swept = try await instances[0].database.sweepPlayers(
                notSeenSince: start.addingTimeInterval(50 * day))
            #expect(swept == 1)
            #expect(try await instances[0].database.setGame(for: gone) == nil)
            #expect(try await instances[0].database.setGame(for: kept) != nil)
            #expect(try await instances[0].database.setGame(for: returning) != nil)
            #expect(
                try await instances[0].count(
                    "SELECT count(*) FROM player WHERE id <> '\(SharedThemes.owner)'") == 2)
        }
    }
}
