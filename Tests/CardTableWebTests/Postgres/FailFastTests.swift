import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// While PostgreSQL is down, players are answered 503 promptly (no connection within the lease
/// timeout, then the circuit breaker refuses at once), and play resumes by itself once it is
/// back. The cluster is one of the test's own, stopped as a crash would stop it, under a load of
/// moves. It runs in the second pass (`Tests/Postgres/second-pass.sh`, which sets
/// `CARDTABLE_TEST_STOPS_CLUSTERS`): making a cluster writes and syncs a lot, which in the main
/// pass made the connection-deadline tests miss their deadlines.
@Suite(
    .serialized, .timeLimit(.minutes(4)),
    .enabled(if: ProcessInfo.processInfo.environment["CARDTABLE_TEST_STOPS_CLUSTERS"] == "1"))
struct FailFastTests {
    /// One answer of the load.
    private struct Answer {
        let status: Int
        let started: ContinuousClock.Instant
        let took: Duration
    }

    /// The load's answers, and whether it goes on.
    private final class Load: Sendable {
        let answers = Mutex<[Answer]>([])
        let goesOn = Atomic(true)
    }

    @Test(arguments: PostgresTestCluster.clusters)
    func movesAreAnswered503PromptlyWhileItIsDownAndSucceedAgainOnceItIsBack(cluster _: PostgresAddress)
        async throws
    {
        try await StoppableCluster.with { cluster in
            let served = try ServedDatabase.postgres(
                cluster.address.url, secret: .random(), logger: Logger(label: "fail-fast"))
            let app = try await buildApplication(WebConfiguration(port: 0), database: served)
            try await app.test(.live) { client in
                var players: [Browser] = []
                for _ in 0..<6 { players.append(try await Browser.arriving(at: client)) }
                let load = Load()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for player in players {
                        group.addTask {
                            while load.goesOn.load(ordering: .relaxed) {
                                let started = ContinuousClock.now
                                let status = try await player.post("/set/hint").status.code
                                load.answers.withLock {
                                    $0.append(Answer(status: status, started: started, took: .now - started))
                                }
                                if status != 303 { try await Task.sleep(for: .milliseconds(50)) }
                            }
                        }
                    }
                    // NB: every player's move is saved at least once before PostgreSQL stops.
                    try await Self.waitUntil(within: .seconds(60)) {
                        load.answers.withLock { $0.count { $0.status == 303 } >= players.count }
                    }
                    let down = ContinuousClock.now
                    try await cluster.stop()
                    try await Task.sleep(for: .seconds(6))
                    let up = ContinuousClock.now
                    try await cluster.start()
                    try await Self.waitUntil(within: .seconds(60)) {
                        load.answers.withLock { $0.contains { $0.started > up && $0.status == 303 } }
                    }
                    load.goesOn.store(false, ordering: .relaxed)
                    try await group.waitForAll()

                    let all = load.answers.withLock { $0 }
                    #expect(Set(all.map(\.status)).isSubset(of: [303, 503]), "\(Set(all.map(\.status)))")
                    #expect(all.contains { $0.started < down && $0.status == 303 })
                    // Told while it was down, rather than kept waiting until it was back.
                    let whileDown = all.filter { $0.started > down && $0.started + $0.took < up }
                    #expect(whileDown.count { $0.status == 503 } >= players.count)
                    let refusals = all.filter { $0.status == 503 }.map(\.took)
                    #expect(refusals.allSatisfy { $0 < up - down }, "\(refusals.max() ?? .zero)")
                    // Back by itself once PostgreSQL is.
                    #expect(all.contains { $0.started > up && $0.status == 303 })
                    let slowest = whileDown.map(\.took).max() ?? .zero
                    let recovered = all.filter { $0.started > up && $0.status == 303 }.map(\.started).min()
                    print(
                        "fail-fast: \(refusals.count) answered 503, the slowest in \(refusals.max() ?? .zero); "
                            + "median \(refusals.sorted().dropFirst(refusals.count / 2).first ?? .zero)")
                    print(
                        "fail-fast: \(whileDown.count) answers while down, slowest \(slowest); "
                            + "first move saved \(recovered.map { $0 - up } ?? .zero) after the restart began"
                    )
                }
            }
        }
    }

    /// Waits until `condition` holds, or `limit` has passed.
    private static func waitUntil(within limit: Duration, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
    }
}
