import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// A PostgreSQL that goes silent (every process of it stopped with `SIGSTOP`: no refusal, no
/// reset, as a hung machine or a cut network) does not hold players until TCP gives up: a
/// statement unanswered within the deadline is a 503 and its connection is dropped, the breaker
/// then refuses at once, nothing a player was told is saved is lost, and play resumes by itself
/// after `SIGCONT`. Runs in the second pass with ``FailFastTests`` (a cluster of its own).
@Suite(
    .serialized, .timeLimit(.minutes(4)),
    .enabled(if: ProcessInfo.processInfo.environment["CARDTABLE_TEST_STOPS_CLUSTERS"] == "1"))
struct SilentDatabaseTests {
    /// One answer of the load: a theme made (200) or refused (503).
    private struct Answer {
        let player: Int
        let name: String
        let status: Int
        let started: ContinuousClock.Instant
        let took: Duration
    }

    private final class Load: Sendable {
        let answers = Mutex<[Answer]>([])
        let goesOn = Atomic(true)
    }

    static let deadline = Duration.seconds(2)

    @Test(arguments: PostgresTestCluster.clusters)
    func movesAreAnswered503WithinTheDeadlineAndNothingAcknowledgedIsLost(cluster _: PostgresAddress)
        async throws
    {
        try await StoppableCluster.with { cluster in
            let served = try ServedDatabase.postgres(
                cluster.address.url, secret: .random(), logger: Logger(label: "silent"),
                statementDeadline: Self.deadline)
            let app = try await buildApplication(WebConfiguration(port: 0), database: served)
            try await app.test(.live) { client in
                var players: [Browser] = []
                for _ in 0..<6 { players.append(try await Browser.arriving(at: client)) }
                let load = Load()
                let frozen = try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, player) in players.enumerated() {
                        group.addTask {
                            var made = 0
                            while load.goesOn.load(ordering: .relaxed), made < 90 {
                                let name = "P\(index) T\(made)"
                                let body =
                                    #"{"name":"\#(name)","emojis":["🐸","🦄"],"numberOfPairs":2,"color":"teal"}"#
                                let started = ContinuousClock.now
                                let status = try await player.postJSON("/themes", body: body).status.code
                                load.answers.withLock {
                                    $0.append(
                                        Answer(
                                            player: index, name: name, status: status, started: started,
                                            took: .now - started))
                                }
                                made += 1
                                try await Task.sleep(for: .milliseconds(100))
                            }
                        }
                    }
                    try await Self.waitUntil(within: .seconds(60)) {
                        load.answers.withLock { $0.count { $0.status == 200 } >= players.count }
                    }
                    let frozen = ContinuousClock.now
                    try cluster.freeze()
                    try await Task.sleep(for: .seconds(7))
                    let thawed = ContinuousClock.now
                    try cluster.thaw()
                    try await Self.waitUntil(within: .seconds(60)) {
                        load.answers.withLock { $0.contains { $0.started > thawed && $0.status == 200 } }
                    }
                    load.goesOn.store(false, ordering: .relaxed)
                    try await group.waitForAll()
                    return (frozen, thawed)
                }

                let all = load.answers.withLock { $0 }
                #expect(Set(all.map(\.status)).isSubset(of: [200, 503]), "\(Set(all.map(\.status)))")
                let whileFrozen = all.filter { $0.started > frozen.0 && $0.started < frozen.1 }
                #expect(whileFrozen.count { $0.status == 503 } >= players.count)
                // NB: not a speed figure: a bound that only a wait for TCP to give up would pass.
                let slowest = all.filter { $0.status == 503 }.map(\.took).max() ?? .zero
                #expect(slowest < Self.deadline + .seconds(3), "the slowest 503 took \(slowest)")
                #expect(all.contains { $0.started > frozen.1 && $0.status == 200 })

                // Every theme a player was told was made is there.
                for (index, player) in players.enumerated() {
                    let stored = Set(try await served.database.themes(of: player.player).map(\.theme.name))
                    let acknowledged = all.filter { $0.player == index && $0.status == 200 }.map(\.name)
                    #expect(acknowledged.allSatisfy(stored.contains), "player \(index) lost a theme")
                }
                let refused = all.filter { $0.status == 503 }.map(\.took).sorted()
                print(
                    "silent database: \(whileFrozen.count) answers while frozen, \(refused.count) 503s, "
                        + "median \(refused.isEmpty ? .zero : refused[refused.count / 2]), slowest \(slowest); "
                        + "\(all.count { $0.status == 200 }) themes made, none lost")
            }
        }
    }

    /// Waits until `condition` holds, or `limit` has passed.
    private static func waitUntil(within limit: Duration, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
    }
}
