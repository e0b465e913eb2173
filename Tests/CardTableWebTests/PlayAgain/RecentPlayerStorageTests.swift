import Foundation
import SeededRandom
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// Recent players in the database, on SQLite and (with a test cluster) on PostgreSQL: a finished
/// room game lists its people to each other in the move that ends it, the newest game with a
/// person replaces the older, each list keeps the newest 20, muted people are left out, and a
/// merge of two players keeps the newer row about each person.
@Suite struct RecentPlayerStorageTests {
    let start = Date(timeIntervalSinceReferenceDate: 900_000_000)

    /// Plays a Set room of `players` (the first hosts, each named P1, P2, … by place) to its end
    /// at `now`.
    static func playRoom(
        _ players: [PlayerID], in store: any CardTableDatabase, seed: UInt64, at now: Date
    ) async throws {
        var generator = SeededGenerator(seed: seed)
        let code = try await RatingStorageTests.startedRoom(
            in: store, players: players, rated: false, code: RoomCode.random(using: &generator).rawValue,
            seed: seed, at: now)
        try await RatingStorageTests.playToTheEnd(code, in: store, by: players, at: now)
        try #require(try await store.room(code, with: .none)?.stored.room.phase == .finished)
    }

    @Test(arguments: TestStores.available)
    func aFinishedRoomGameListsItsPlayersToEachOther(store kind: TestStores.Kind) async throws {
        let (ana, bo, cy) = (PlayerID.random(), PlayerID.random(), PlayerID.random())
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            try await Self.playRoom([ana, bo, cy], in: store, seed: 1, at: start)
            let anas = try await store.recentPlayers(of: ana)
            #expect(Set(anas.map(\.name)) == ["P2", "P3"])
            #expect(anas.allSatisfy { $0.game == .set && $0.variant == .normal && $0.theme == nil })
            #expect(anas.allSatisfy { $0.playedAt == start })
            #expect(Set(try await store.recentPlayers(of: cy).map(\.name)) == ["P1", "P2"])
            #expect(try await instances[0].count("SELECT count(*) FROM recent_player") == 6)
        }
    }

    @Test(arguments: TestStores.available)
    func aLaterGameWithSomeoneReplacesTheEarlierAndAListKeepsTheNewestTwenty(
        store kind: TestStores.Kind
    ) async throws {
        let ana = PlayerID.random()
        let others = (0..<21).map { _ in PlayerID.random() }
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            for (index, other) in others.enumerated() {
                // NB: each hosts their own room (a player hosts at most 5 open rooms).
                try await Self.playRoom(
                    [other, ana], in: store, seed: UInt64(index + 1),
                    at: start.addingTimeInterval(Double(index) * 60))
            }
            var list = try await store.recentPlayers(of: ana)
            #expect(list.count == 20)
            #expect(
                list.map(\.playedAt) == (1...20).reversed().map { start.addingTimeInterval(Double($0) * 60) })
            // The 21st game pushed out the first person, from the table too.
            #expect(
                try await instances[0].count(
                    "SELECT count(*) FROM recent_player WHERE player_id = '\(ana.rawValue)'") == 20)
            #expect(
                try await instances[0].count(
                    "SELECT count(*) FROM recent_player WHERE other_id = '\(others[0].rawValue)'") == 0)
            // The first person, now a guest, comes back on top under the name they have there.
            let later = start.addingTimeInterval(3600)
            try await Self.playRoom([ana, others[0]], in: store, seed: 99, at: later)
            list = try await store.recentPlayers(of: ana)
            #expect(list.count == 20)
            #expect(
                list.first
                    == RecentPlayer(name: "P2", game: .set, variant: .normal, theme: nil, playedAt: later))
            #expect(list.dropFirst().allSatisfy { $0.name == "P1" })
            #expect(try await store.recentPlayers(of: others[0]).map(\.name) == ["P1"])
        }
    }

    @Test(arguments: TestStores.available)
    func someoneMutedIsLeftOut(store kind: TestStores.Kind) async throws {
        let (ana, bo, cy) = (PlayerID.random(), PlayerID.random(), PlayerID.random())
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            try await Self.playRoom([ana, bo, cy], in: store, seed: 3, at: start)
            try await store.setMuted(true, bo, by: ana, at: start)
            #expect(try await store.recentPlayers(of: ana).map(\.name) == ["P3"])
            try await store.setMuted(false, bo, by: ana, at: start)
            #expect(Set(try await store.recentPlayers(of: ana).map(\.name)) == ["P2", "P3"])
        }
    }

    @Test(arguments: TestStores.available)
    func aMergeKeepsTheNewerRowAboutEachPersonAndNobodyListsThemselves(store kind: TestStores.Kind)
        async throws
    {
        let (ana, phone, bo, cy) = (
            PlayerID.random(), PlayerID.random(), PlayerID.random(), PlayerID.random()
        )
        try await TestStores.withInstances(kind, count: 1) { instances in
            let store = instances[0].database
            // Ana played Bo, then, on a phone that was not yet hers, Bo again and Cy, and herself.
            try await Self.playRoom([ana, bo], in: store, seed: 4, at: start)
            try await Self.playRoom([bo, phone, cy], in: store, seed: 5, at: start.addingTimeInterval(60))
            try await Self.playRoom([ana, phone], in: store, seed: 6, at: start.addingTimeInterval(120))
            _ = try await store.mergePlayer(phone, into: ana, at: start.addingTimeInterval(180))
            let anas = try await store.recentPlayers(of: ana)
            #expect(anas.map(\.name) == ["P1", "P3"] || anas.map(\.name) == ["P3", "P1"])
            #expect(anas.allSatisfy { $0.playedAt == start.addingTimeInterval(60) })
            // Bo had her twice (as Ana, and as the phone later): once now, the newer.
            let bos = try await store.recentPlayers(of: bo)
            #expect(bos.count == 2)
            #expect(bos.filter { $0.name == "P2" }.map(\.playedAt) == [start.addingTimeInterval(60)])
            #expect(
                try await instances[0].count(
                    "SELECT count(*) FROM recent_player WHERE player_id = other_id OR '\(phone.rawValue)' IN (player_id, other_id)"
                ) == 0)
        }
    }
}
