import Foundation
import Logging
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// A move that starts from what this instance last saved (``SavedRows``, PostgreSQL's moves)
/// still sees every change made meanwhile by another instance, an outside write or a delete:
/// the same answers as SQLite, which reads every time.
@Suite struct SavedRowsTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let ana = PlayerID.random()

    // MARK: - The memo itself

    @Test func keepsARowsLastSaveUntilItIsForgottenAtThatVersion() {
        let rows = SavedRows()
        let key = SavedRows.Key(table: "room", values: [.text("K7QX4P")])
        #expect(rows.value(key, as: Int.self) == nil)
        rows.remember(1, as: key, version: RowVersion(text: "100"))
        #expect(rows.value(key, as: Int.self).map { [$0.value] } == [1])
        #expect(rows.value(key, as: Int.self)?.version == RowVersion(text: "100"))
        // Asked for as another type, or for another row, nothing is kept.
        #expect(rows.value(key, as: String.self) == nil)
        #expect(rows.value(SavedRows.Key(table: "set_game", values: [.text("K7QX4P")]), as: Int.self) == nil)
        // A save that failed from an older version does not forget a newer one.
        rows.remember(2, as: key, version: RowVersion(text: "101"))
        rows.forget(key, at: RowVersion(text: "100"))
        #expect(rows.value(key, as: Int.self).map { [$0.value] } == [2])
        rows.forget(key, at: RowVersion(text: "101"))
        #expect(rows.value(key, as: Int.self) == nil)
    }

    @Test func keepsAtMostItsLimitAndNothingPastItsLifetime() {
        let rows = SavedRows(limit: 3)
        for index in 0..<10 {
            rows.remember(
                index, as: SavedRows.Key(table: "room", values: [.integer(Int64(index))]), version: .absent)
        }
        #expect(rows.count == 3)
        #expect(rows.value(SavedRows.Key(table: "room", values: [.integer(9)]), as: Int.self)?.value == 9)
        let stale = SavedRows(lifetime: .zero)
        let key = SavedRows.Key(table: "room", values: [.text("K7QX4P")])
        stale.remember(1, as: key, version: RowVersion(text: "100"))
        #expect(stale.value(key, as: Int.self) == nil)
    }

    // MARK: - Rooms

    /// Ana's instance changes a room twice in a row (the second from its own save), then once
    /// after the other instance changed it, closed it, and deleted it.
    @Test(arguments: TestStores.available)
    func aRoomsChangeSeesWhatAnotherInstanceDidMeanwhile(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 2) { instances in
            let (mine, theirs) = (instances[0].database, instances[1].database)
            let code = try await makeRoom(in: mine)
            for name in ["Bo", "Cy"] {
                _ = try await mine.changeRoom(code, at: now) { stored, _ in
                    try stored.room.join(PlayerID.random(), as: DisplayName(typed: name))
                }
            }
            if let store = mine as? PostgresDatabase {
                #expect(store.savedRows.value(.room(code), as: StoredRoom.self)?.value.lastEvent == 3)
                // The first join read the room; the second sent its save, held, alone.
                #expect(store.movesFromMemory.load(ordering: .relaxed) == 1)
            }
            _ = try await theirs.changeRoom(code, at: now) { stored, _ in
                try stored.room.join(PlayerID.random(), as: DisplayName(typed: "Dee"))
            }
            // Neither a refusal nor an answer that saves nothing comes from the room as this
            // instance saved it last.
            let seen = try await mine.changeRoom(code, at: now) { stored, _ in
                guard stored.room.members.count == 4 else { throw RoomRefusal.notTheHost }
                return []
            }
            #expect(seen?.stored.room.members.count == 4)
            let joined = try #require(
                try await mine.changeRoom(code, at: now) { stored, _ in
                    try stored.room.join(PlayerID.random(), as: DisplayName(typed: "Eve"))
                })
            #expect(joined.stored.room.members.map(\.name.text) == ["Ana", "Bo", "Cy", "Dee", "Eve"])
            #expect(joined.stored.lastEvent == 5)
            let log = try #require(try await theirs.room(code, with: .after(0, limit: 10)))
            #expect(
                try log.events.map { try JSONText.decode(RoomEvent.self, from: $0).number } == [
                    1, 2, 3, 4, 5,
                ])
            #expect(log.stored.room.members.count == 5)

            // Closed by this instance's sweep (a write transaction, whose closing event and close
            // change the row twice under one transaction id): the next change sees it closed.
            let later = now.addingTimeInterval(3_600)
            _ = try await mine.closeRooms(
                idleSince: later, connected: [], at: later,
                saying: RoomHappening(kind: .closed, text: "Closed."))
            let closedAt = try await mine.changeRoom(code, at: later) { stored, _ in
                [RoomHappening(kind: .chat, text: "Still here?", member: 1)]
            }?.stored.closedAt
            #expect(closedAt != nil)

            // Deleted by the other instance: no room to change, and none brought back.
            #expect(try await theirs.deleteRooms(closedBefore: later.addingTimeInterval(1), limit: 10) == 1)
            let gone = try await mine.changeRoom(code, at: later) { _, _ in
                [RoomHappening(kind: .chat, text: "Hello?", member: 1)]
            }
            #expect(gone == nil)
            #expect(try await theirs.room(code, with: .none) == nil)
            #expect(try await instances[0].count("SELECT count(*) FROM room_event") == 0)
        }
    }

    /// A version kept from another run of the server does not match a row whose transaction
    /// id is the same: after a standby is promoted, or the database restored to a point in time,
    /// ids handed out before can come again.
    @Test(arguments: TestStores.available.filter { $0 != .sqlite })
    func aVersionFromAnotherRunOfTheServerDoesNotMatch(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 1) { instances in
            let mine = try #require(instances[0].database as? PostgresDatabase)
            let code = try await makeRoom(in: mine)
            var kept: [StoredRoom] = []
            for name in ["Bo", "Cy"] {
                _ = try await mine.changeRoom(code, at: now) { stored, _ in
                    try stored.room.join(PlayerID.random(), as: DisplayName(typed: name))
                }
                kept.append(try #require(mine.savedRows.value(.room(code), as: StoredRoom.self)).value)
            }
            // The room before Cy came, kept at the row's transaction id as it is now, but from a
            // server that started at another moment.
            let xmin = try await instances[0].count(
                "SELECT xmin::text::bigint FROM room WHERE code = 'K7QX4P'")
            mine.savedRows.remember(kept[0], as: .room(code), version: RowVersion(text: "\(xmin)@0"))
            let joined = try #require(
                try await mine.changeRoom(code, at: now) { stored, _ in
                    try stored.room.join(PlayerID.random(), as: DisplayName(typed: "Dee"))
                })
            #expect(joined.stored.room.members.map(\.name.text) == ["Ana", "Bo", "Cy", "Dee"])
            #expect(joined.stored.lastEvent == 4)
        }
    }

    // MARK: - Memorize games

    /// Ana's instance taps twice in a row (the second from its own save), then after the other
    /// instance changed her options (in another slot, so her game's row is as it was), after it
    /// tapped in her game, and after it dealt her a new one.
    @Test(arguments: TestStores.available)
    func aMemorizeTapSeesWhatAnotherInstanceDidMeanwhile(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 2) { instances in
            let (mine, theirs) = (referee(on: instances[0].database), referee(on: instances[1].database))
            let theme = try #require(try await instances[0].database.themes(of: ana).first)
            let slot = MemorizeSlot.theme(theme.id)
            for card in 1...2 { _ = try await mine.choose(cardNumber: card, deal: nil, in: slot, for: ana) }
            if let saved = (instances[0].database as? PostgresDatabase)?.savedRows {
                #expect(saved.value(.memorizeGame(of: ana, in: slot), as: MemorizeDesk.self) != nil)
            }
            let paced = MemorizePreferences(peeksAtStart: false, turnBackDelay: .twoSeconds)
            _ = try await theirs.setPreferences(paced, in: .random, for: ana)
            #expect(try await mine.choose(cardNumber: 3, deal: nil, in: slot, for: ana).preferences == paced)
            _ = try await theirs.choose(cardNumber: 4, deal: nil, in: slot, for: ana)
            let tapped = try await mine.choose(cardNumber: 5, deal: nil, in: slot, for: ana).game
            let fourth = tapped.game.cards[3]
            #expect(fourth.isMatched || fourth.hasBeenSeen, "the other instance's tap is in the game")
            #expect(try await instances[1].database.memorizeGame(in: slot, for: ana) == tapped)

            // Neither a refusal (a page's deal that is not the game's) nor an answer that saves
            // nothing (no mismatch to turn back) comes from the game as this instance saved it.
            let dealt = try await theirs.newGame(in: slot, for: ana).game
            _ = try await mine.choose(cardNumber: 1, deal: dealt.deal, in: slot, for: ana)
            let dealtAgain = try await theirs.newGame(in: slot, for: ana).game
            #expect(try await mine.turnBack(deal: nil, in: slot, for: ana).game.deal == dealtAgain.deal)
        }
    }

    /// Makes Ana's Set room K7QX4P in `store`; its code.
    private func makeRoom(in store: any CardTableDatabase) async throws -> RoomCode {
        try await store.createRoom(at: now, maximumOpenRooms: 5, code: { RoomCode("K7QX4P")! }) { code in
            (
                Room(
                    code: code, game: .set, theme: nil, host: self.ana,
                    hostName: try! DisplayName(typed: "Ana")),
                [RoomHappening(kind: .joined, text: "Ana made the room.", member: 1)]
            )
        }.stored.room.code
    }

    private func referee(on store: any CardTableDatabase) -> MemorizeReferee {
        let now = now
        return MemorizeReferee(
            database: store, environment: WebEnvironment(now: { now }), secret: .random(),
            logger: Logger(label: "test"))
    }

    // MARK: - Set games

    /// Ana's instance saves her game twice in a row, then once after the other instance saved
    /// it, and once after her row was deleted.
    @Test(arguments: TestStores.available)
    func aSetGamesMoveSeesWhatAnotherInstanceDidMeanwhile(store kind: TestStores.Kind) async throws {
        try await TestStores.withInstances(kind, count: 2) { instances in
            let (mine, theirs) = (instances[0].database, instances[1].database)
            @Sendable func nextVersion(of stored: StoredSetGame) -> (save: SavedSetGame?, value: Int?) {
                let version = stored.saved?.version
                let next = SavedSetGame(
                    game: SetGame(mode: .solo, at: now), lastMove: .newGame, version: (version ?? 0) + 1)
                return (next, version)
            }
            #expect(try await mine.changeSetGame(for: ana, at: now, nextVersion) == nil)
            #expect(try await mine.changeSetGame(for: ana, at: now, nextVersion) == 1)
            if let saved = (mine as? PostgresDatabase)?.savedRows {
                #expect(saved.value(.setGame(of: ana), as: StoredSetGame.self)?.value.saved?.version == 2)
            }
            #expect(try await theirs.changeSetGame(for: ana, at: now, nextVersion) == 2)
            #expect(try await mine.changeSetGame(for: ana, at: now, nextVersion) == 3)
            #expect(try await theirs.changeSetGame(for: ana, at: now, nextVersion) == 4)
            // An answer that saves nothing is not given from the game as this instance saved it last.
            #expect(
                try await mine.changeSetGame(for: ana, at: now) { stored in (nil, stored.saved?.version) }
                    == 5)
            #expect(try await theirs.setGame(for: ana)?.version == 5)

            try await instances[1].execute("DELETE FROM set_game WHERE player_id = '\(ana.rawValue)'")
            #expect(try await mine.changeSetGame(for: ana, at: now, nextVersion) == nil)
            #expect(try await theirs.setGame(for: ana)?.version == 1)
        }
    }
}
