import Foundation
import HummingbirdTesting
import Synchronization
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// A room's sockets on one instance cost one database read per event committed elsewhere, and
/// none for an event committed here, whatever their number (issue 31).
@Suite struct RoomFanOutTests {
    /// `base`, counting its read transactions.
    struct CountingDatabase<Base: CardTableDatabase>: CardTableDatabase {
        let base: Base
        let reads = Counter()

        func read<Value: Sendable>(_ body: @escaping @Sendable (Base.Transaction) throws -> Value)
            async throws
            -> Value
        {
            reads.add()
            return try await base.read(body)
        }

        func write<Value: Sendable>(_ body: @escaping @Sendable (Base.Transaction) throws -> Value)
            async throws
            -> Value
        {
            try await base.write(body)
        }

        func move<Value: Sendable>(_ body: @escaping @Sendable (Base.Transaction) throws -> Value)
            async throws
            -> Value
        {
            try await base.move(body)
        }
    }

    @Test(arguments: [1, 8])
    func anEventIsReadOncePerInstance(guests: Int) async throws {
        let store = try SQLiteDatabase(.inMemory)
        let database = CountingDatabase(base: store)
        let hub = RoomHub()
        let secret = ServerSecret.random()
        // NB: a clock that stands still, so no device session grows old enough to be read
        // again, and a database never "ready", so the sweeps never run: only the sockets read.
        let moment = Date()
        let served = ServedDatabase(
            database: database, secret: secret, hub: hub,
            readiness: DatabaseReadiness(isReady: false))
        let app = try await buildApplication(
            WebConfiguration(port: 0), database: served,
            environment: WebEnvironment(now: { moment }, allowsTestSetups: true))
        try await app.test(.live) { client in
            let session = TestSession(client: client, store: store, secret: secret)
            let host = try await session.newPlayer()
            let room = try await host.createRoom()
            let code = try #require(RoomCode(room.code))
            var players = [host]
            for _ in 0..<guests { players.append(try await session.newPlayer()) }
            let (ready, heardRemote, heardLocal) = (
                AsyncCounter(target: guests + 1), AsyncCounter(target: guests + 1),
                AsyncCounter(target: guests + 1)
            )
            let reads = try await withThrowingTaskGroup(of: (remote: Int, local: Int)?.self) { group in
                for (index, player) in players.enumerated() {
                    group.addTask {
                        try await player.withRoomSocket(room.socketURL) { socket in
                            _ = try await socket.next()
                            await ready.arriveAndWait()
                            let before = database.reads.count
                            if index == 0 {
                                // Another instance commits an event and says so, as PostgreSQL's
                                // listener does: the hub hears its number only.
                                let change = try #require(
                                    try await store.changeRoom(code, at: moment) { stored, _ in
                                        try stored.room.join(host.player, as: DisplayName(typed: "Ana B"))
                                    })
                                await hub.publish(code, lastEvent: change.stored.lastEvent)
                            }
                            let remote = try await socket.next()
                            #expect(remote.number == 2 && remote.text == "Ana is now Ana B.")
                            await heardRemote.arriveAndWait()
                            let afterRemote = database.reads.count
                            // A move made here, on the host's socket.
                            if index == 0 { try await socket.send(#"{"type": "join", "name": "Ana C"}"#) }
                            let local = try await socket.next()
                            #expect(local.number == 3 && local.text == "Ana B is now Ana C.")
                            await heardLocal.arriveAndWait()
                            return index == 0
                                ? (afterRemote - before, database.reads.count - afterRemote) : nil
                        }
                    }
                }
                var hosts: (remote: Int, local: Int)?
                for try await reads in group where reads != nil { hosts = reads }
                return try #require(hosts)
            }
            #expect(reads.remote == 1, "one read for \(guests + 1) sockets")
            #expect(reads.local == 0)
        }
    }
}
