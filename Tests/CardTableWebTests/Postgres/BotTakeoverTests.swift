import Foundation
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two real `cardtable` processes on one PostgreSQL database and a game against two Expert bots:
/// exactly one instance drives the bots; when it is killed with SIGKILL mid-game, the other takes
/// over within seconds, and no bot move is played twice.
@Suite(.serialized) struct BotTakeoverTests {
    /// How many bot moves are seen before the driving instance is killed, and after.
    static let movesEachSide = 3

    @Test(.timeLimit(.minutes(4)), arguments: PostgresTestCluster.clusters)
    func anotherInstanceDrivesTheBotsWhenTheirsIsKilled(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardtable-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            var instances = try await ServerProcess.instances(
                2, on: address, in: folder, options: ["--log-level", "debug"])
            defer { for instance in instances { instance.send(SIGKILL) } }
            var ana = InstancePlayer(name: "Ana", port: instances[0].port)
            try await ana.arrive()
            let room = try await ana.createRoom(
                #"{"game": "set", "name": "Ana", "bots": 2, "level": "expert"}"#)
            let bots: Set<Int> = [2, 3]

            // The bots play; one instance drives them.
            let before = try await Self.botMoves(in: room, as: ana, bots: bots) { moves, _ in
                moves.count >= Self.movesEachSide
            }
            let drivers = instances.indices.filter {
                instances[$0].log.contains("Drives the computer opponents")
            }
            try #require(drivers.count == 1, "instances driving: \(drivers)")
            let (killed, survivor) = (drivers[0], 1 - drivers[0])
            ana.port = instances[survivor].port
            let lastBefore = try #require(try await ana.snapshot(room).lastEvent)
            instances[killed].send(SIGKILL)
            let killedAt = ContinuousClock.now
            #expect(await instances[killed].ending(within: .seconds(10)) == .killedBy(SIGKILL))

            // The other instance takes over.
            _ = try await Self.botMoves(in: room, as: ana, bots: bots) { moves, _ in
                moves.contains { ($0.number ?? 0) > lastBefore }
            }
            let takeover = ContinuousClock.now - killedAt
            let after = try await Self.botMoves(in: room, as: ana, bots: bots) { moves, events in
                moves.count >= before.count + Self.movesEachSide || events.contains { $0.kind == "gameOver" }
            }
            let movesAfter = after.filter { ($0.number ?? 0) > lastBefore }
            #expect(instances[survivor].log.contains("Drives the computer opponents"))

            // Every event once, in order; no bot move was played twice: none of theirs came too
            // late or on a changed table, and every card is in exactly one place.
            let events = try await ana.events(room)
            #expect(events.map(\.number) == Array(1...events.count).map { Optional($0) })
            let botKinds = Set(events.filter { bots.contains($0.member ?? 0) }.compactMap(\.kind))
            #expect(
                botKinds.isSubset(of: ["joined", "scored", "wrongSet", "dealVote", "dealt"]), "\(botKinds)")
            let view = try #require(try await ana.snapshot(room).view?.set)
            let everywhere = view.cards + view.sets.flatMap { $0.flatMap { $0 } }
            #expect(Set(everywhere).count == everywhere.count, "a card in two places")
            print(
                "Bot takeover: \(before.count) bot moves before the kill (events to \(lastBefore)), "
                    + "\(movesAfter.count) after; the survivor's bots moved again within "
                    + "\(takeover.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))) "
                    + "of the kill; \(events.count) events, none twice")

            instances[survivor].send(SIGTERM)
            #expect(await instances[survivor].ending(within: .seconds(20)) == .exited(0))
            instances.removeAll()
        }
    }

    /// The bots' moves (events by members in `bots`) once `isEnough` says so of them and of all
    /// the events; reads the events every 100 ms, for at most a minute.
    private static func botMoves(
        in room: CreatedRoomJSON, as player: InstancePlayer, bots: Set<Int>,
        until isEnough: ([RoomMessageJSON], [RoomMessageJSON]) -> Bool
    ) async throws -> [RoomMessageJSON] {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let events = try? await player.events(room) {
                let moves = events.filter { bots.contains($0.member ?? 0) && $0.kind != "joined" }
                if isEnough(moves, events) { return moves }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BotsStalled()
    }

    /// The bots made too few moves within a minute.
    struct BotsStalled: Error {}
}
