import Foundation
import Synchronization
import Testing

@testable import CardTableStorage
@testable import CardTableWeb
@testable import SetCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Three real `cardtable` processes on one PostgreSQL database, as a site behind nginx runs
/// them: a Set room whose three players each talk to a different instance plays to the end
/// while one instance is killed with SIGKILL mid-game, and its player finishes on another.
@Suite(.serialized) struct MultiInstanceTests {
    /// How many claims are acknowledged before the third instance is killed.
    static let claimsBeforeTheKill = 8

    @Test(.timeLimit(.minutes(3)), arguments: PostgresTestCluster.clusters)
    func aRoomPlaysToTheEndThoughOneInstanceIsKilled(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardtable-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            var instances = try await ServerProcess.instances(3, on: address, in: folder)
            defer { for instance in instances { instance.send(SIGKILL) } }
            let ports = instances.map(\.port)
            let tally = try await play(on: ports) { instances[2].send(SIGKILL) }
            #expect(await instances[2].ending(within: .seconds(10)) == .killedBy(SIGKILL))
            for instance in instances.prefix(2) { instance.send(SIGTERM) }
            for instance in instances.prefix(2) {
                #expect(await instance.ending(within: .seconds(20)) == .exited(0), "\(instance.logTail)")
            }
            instances.removeAll()

            // Every acknowledged claim is in the final state, in its player's Sets.
            let final = tally.final
            let found = final.sets.flatMap { $0 }
            print(
                "Three instances: \(tally.made) claims made, \(tally.acknowledged.count) acknowledged, "
                    + "\(found.count) found after; \(tally.unanswered) unanswered at the kill; "
                    + "\(tally.lastEvent) events")
            for claim in tally.acknowledged {
                #expect(final.sets[claim.seat].contains(claim.cards), "acknowledged \(claim) is missing")
            }
            #expect(found.count >= tally.acknowledged.count)
            #expect(found.count <= tally.made)
            #expect(final.isOver)
            #expect(final.deckCount == 0)
            let everywhere = final.cards + found.flatMap { $0 }
            #expect(everywhere.count == 81 && Set(everywhere).count == 81, "each card in exactly one place")
            #expect(tally.unanswered <= 1)
            // Every player's socket heard every event, whichever instance appended it.
            for (name, heard) in tally.heard {
                #expect(heard.gaps.isEmpty, "\(name)'s socket: \(heard.gaps)")
                #expect(heard.last >= tally.lastEvent, "\(name)'s socket stopped at \(heard.last)")
            }
        }
    }

    // MARK: - Playing

    /// What happened in the room.
    struct Tally {
        struct Claim: CustomStringConvertible {
            let seat: Int
            let cards: [Int]
            var description: String { "seat \(seat): \(cards)" }
        }
        var made = 0
        var acknowledged: [Claim] = []
        /// Claims whose instance died before it answered.
        var unanswered = 0
        var final: RoomView.SetTable
        var lastEvent: Int
        var heard: [(String, HeardEvents)]
    }

    /// What the players' tasks share.
    final class Run: Sendable {
        let tally = Mutex(
            Tally(
                final: .init(
                    cards: [], deckCount: 0, scores: [], sets: [], dealVotes: [], isOver: false, mode: nil,
                    previousSet: nil),
                lastEvent: 0, heard: []))
        /// The event each socket listens until (0 until the game is over).
        let target = Atomic<Int>(0)
        /// Whether the third instance has been killed.
        let killed = Atomic<Bool>(false)
    }

    /// Ana (first instance) makes a Set room, Bo (second) and Cy (third) join, and all three
    /// claim Sets as fast as they can, voting to deal when the table has none, until the game is
    /// over; `kill` is called once enough claims were acknowledged, and Cy moves to the first
    /// instance.
    private func play(on ports: [Int], kill: () -> Void) async throws -> Tally {
        var players = [
            InstancePlayer(name: "Ana", port: ports[0]), InstancePlayer(name: "Bo", port: ports[1]),
            InstancePlayer(name: "Cy", port: ports[2]),
        ]
        for index in players.indices { try await players[index].arrive() }
        let room = try await players[0].createRoom()
        try await players[1].join(room)
        try await players[2].join(room)
        let (status, _) = try await players[0].post(room.startURL, "{}")
        try #require(status == .ok)
        let seats = try #require(try await players[0].snapshot(room).view).members.reduce(into: [:]) {
            $0[$1.name] = $1.seat
        }

        let run = Run()
        let heard = players.map { ($0.name, HeardEvents()) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, player) in players.enumerated() {
                // Cy's socket moves to the first instance when the third dies.
                let socketPorts = index == 2 ? [ports[2], ports[0]] : [player.port]
                group.addTask {
                    try await heard[index].1.listen(to: room, as: player, ports: socketPorts, until: run)
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { claims in
                for player in players {
                    let seat = try #require(seats[player.name] ?? nil)
                    claims.addTask {
                        try await Self.claimUntilOver(
                            as: player, seat: seat, in: room, fallback: ports[0], run: run)
                    }
                }
                while run.tally.withLock({ $0.acknowledged.count }) < Self.claimsBeforeTheKill {
                    try await Task.sleep(for: .milliseconds(10))
                }
                run.killed.store(true, ordering: .releasing)
                kill()
                try await claims.waitForAll()
            }
            // The game is over: the host's rematch is the one event after it, which every socket
            // must hear (so each knows it has heard everything before).
            let over = try await players[0].snapshot(room)
            let last = try #require(over.lastEvent)
            run.tally.withLock {
                $0.final = over.view?.set ?? $0.final
                $0.lastEvent = last
            }
            run.target.store(last + 1, ordering: .releasing)
            let (rematch, _) = try await players[0].post(room.startURL, "{}")
            #expect(rematch == .ok)
            try await group.waitForAll()
        }
        return run.tally.withLock {
            $0.heard = heard
            return $0
        }
    }

    /// One player's claims: a Set from the table each time (a random one, so players collide
    /// now and then), or a vote to deal when there is none. A request its instance never answers
    /// (it was killed) counts as made, and the player carries on at `fallback`.
    private static func claimUntilOver(
        as player: InstancePlayer, seat: Int, in room: CreatedRoomJSON, fallback: Int, run: Run
    ) async throws {
        var player = player
        while true {
            let snapshot: RoomMessageJSON
            do {
                snapshot = try await player.snapshot(room)
            } catch  where run.killed.load(ordering: .acquiring) && player.port != fallback {
                player.port = fallback
                continue
            }
            let table = try #require(snapshot.view?.set)
            if table.isOver { return }
            let cards = table.cards.compactMap(SetCard.init(id:))
            guard let trio = SetRules.allSets(in: cards).randomElement()?.cards.map(\.id) else {
                _ = try? await player.post("/rooms/\(room.code)/deal", "{}")
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            run.tally.withLock { $0.made += 1 }
            do {
                let (status, events) = try await player.post(
                    "/rooms/\(room.code)/claim", #"{"cards": \#(trio)}"#)
                if events.contains(where: { $0.kind == "scored" && $0.cards.map(Set.init) == Set(trio) }) {
                    run.tally.withLock { $0.acknowledged.append(Tally.Claim(seat: seat, cards: trio)) }
                }
                // NB: a Set with a card dealt less than a reaction time ago, or a claim over the
                // pace, is not judged: the player looks again a reaction time later, as people do.
                if status == .tooManyRequests || events.contains(where: { $0.kind == "tableChanged" }) {
                    try await Task.sleep(for: .milliseconds(Int(MultiplayerSetGame.reactionTime * 1000)))
                }
            } catch  where run.killed.load(ordering: .acquiring) && player.port != fallback {
                run.tally.withLock { $0.unanswered += 1 }
                player.port = fallback
            }
        }
    }
}
