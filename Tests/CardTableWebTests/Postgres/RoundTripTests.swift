import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// How many statements a move sends PostgreSQL, each one a round trip on the network (issue 31),
/// counted by PostgreSQL itself (`pg_stat_statements`, which `Tests/Postgres/with-cluster.sh`
/// loads): BEGIN and COMMIT count. A change that adds a statement to a move fails here.
@Suite struct RoundTripTests {
    /// The statements each move sends, as counted now; lower them as moves get cheaper. A move
    /// runs outside a transaction block (``CardTableDatabase/move(_:)``): it reads, then saves in
    /// one statement unless what it read changed meanwhile. A tap reads the game with its theme
    /// (among the rows the player sees) and the player's Memorize options (in a theme's slot, the
    /// theme first and the game in its slot), then saves the game (storing the player, and a
    /// finished game). A select saves the game, and a claim saves the room with its new events
    /// and notifies the other instances, each starting from what this instance's last move saved
    /// (``SavedRows``) without reading it. (Before issue 31: 9, 6 and
    /// 6, or more for a claim of several events; before issue 53, 3, 3, 2 and 2.)
    static let statements = [
        "Memorize tap": 1, "Memorize tap in a theme's slot": 1, "Set select": 1, "room claim": 1,
    ]

    @Test(arguments: PostgresTestCluster.clusters)
    func eachMoveSendsAKnownNumberOfStatements(cluster: PostgresAddress) async throws {
        try await Self.withMovesCounted(on: cluster) { client, counter in
            do {
                let (ana, bo) = (
                    try await Browser.arriving(at: client), try await Browser.arriving(at: client)
                )
                // Each first move stores its player; what is measured is a move after it.
                // NB: a first deal is saved without being kept (``SavedRows``); the tap measured
                // is the third, after one that played the game read.
                for card in 1...2 { _ = try await ana.post("/play/random/choose/\(card)", json: true) }
                let theme = try await counter.query("SELECT min(id) FROM theme WHERE NOT is_deleted")
                    .collect()[0]
                    .decode(Int.self)
                for card in 1...2 { _ = try await ana.post("/play/\(theme)/choose/\(card)", json: true) }
                let set = try await ana.post("/set/hint", json: true).decode(SetPageJSON.self)
                let card = try #require(set.cards.first?.id)
                let room = try await ana.createRoom()
                try await bo.join(room, as: "Bo")
                _ = try await ana.postJSON(room.startURL, body: "{}")
                // NB: a start changes seats, in a write transaction, which keeps nothing; the
                // claim measured is the one after the first.
                let first = try #require(try await ana.snapshot(room).view?.set?.cards)
                let warmUp = try await bo.postJSON(
                    "/rooms/\(room.code)/claim", body: #"{"cards": \#(Array(first.prefix(3)))}"#)
                try #require(warmUp.status == .ok)
                let table = try #require(try await ana.snapshot(room).view?.set?.cards)

                var counts: [String: Int] = [:]
                counts["Memorize tap"] = try await Self.statements(counted: counter) {
                    let tap = try await ana.post("/play/random/choose/3", json: true)
                    #expect(tap.status == .ok)
                }.calls
                counts["Memorize tap in a theme's slot"] = try await Self.statements(counted: counter) {
                    let tap = try await ana.post("/play/\(theme)/choose/3", json: true)
                    #expect(tap.status == .ok)
                }.calls
                counts["Set select"] = try await Self.statements(counted: counter) {
                    let select = try await ana.post("/set/cards/\(card)/select", json: true)
                    #expect(select.status == .ok)
                }.calls
                counts["room claim"] = try await Self.statements(counted: counter) {
                    let claim = try await bo.postJSON(
                        "/rooms/\(room.code)/claim", body: #"{"cards": \#(Array(table.prefix(3)))}"#)
                    #expect(claim.status == .ok)
                }.calls
                for (move, expected) in Self.statements {
                    let count = try #require(counts[move])
                    #expect(count == expected, "\(move): \(count) statements")
                }
            }
        }
    }

    /// A statement a move sends again and again is prepared on its connection, so PostgreSQL
    /// plans it a few times per connection (a prepared statement's first five runs are planned
    /// for their values, then its generic plan serves), not every time: unnamed, each of the
    /// statements of 50 taps (one each, see ``statements``) would be planned.
    @Test(arguments: PostgresTestCluster.clusters)
    func aMoveSentAgainIsNotPlannedAgain(cluster: PostgresAddress) async throws {
        try await Self.withMovesCounted(on: cluster) { client, counter in
            do {
                let ana = try await Browser.arriving(at: client)
                _ = try await ana.post("/play/random/choose/1", json: true)
                let taps = try await Self.statements(counted: counter) {
                    for tap in 0..<50 {
                        let answer = try await ana.post("/play/random/choose/\(tap % 12 + 1)", json: true)
                        #expect(answer.status == .ok)
                    }
                }
                #expect(taps.calls >= 50, "the taps were counted: \(taps.calls) statements")
                #expect(taps.plans * 4 <= taps.calls, "\(taps.plans) plans for \(taps.calls) statements")
            }
        }
    }

    /// Runs `body` with a client of an app on a new database of `cluster` whose statements
    /// PostgreSQL counts and whose planning it tracks, and a client to read the counts with.
    private static func withMovesCounted(
        on cluster: PostgresAddress,
        _ body: @escaping @Sendable (any TestClientProtocol, PostgresClient) async throws -> Void
    ) async throws {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            try await PostgresTestCluster.withClient(address) { counter in
                try await counter.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
                let name = try await counter.query("SELECT current_database()").collect()[0].decode(
                    String.self)
                // NB: set before the app connects, so its sessions count their planning.
                try await counter.query(
                    PostgresQuery(
                        unsafeSQL: "ALTER DATABASE \(name) SET pg_stat_statements.track_planning = on"))
                let base = try ServedDatabase.postgres(
                    address.url, secret: .random(), logger: Logger(label: "test"),
                    connectionWait: .seconds(60),
                    statementDeadline: .seconds(60))
                // NB: a database the sweeps never see ready (it is migrated all the same), so no sweep
                // runs during a move, and a clock that stands still, so no device session grows old
                // enough to be read again: only the moves send statements.
                let served = ServedDatabase(
                    database: base.database, secret: base.secret, hub: base.hub,
                    readiness: DatabaseReadiness(isReady: false), services: base.services,
                    prepare: base.prepare,
                    isShared: base.isShared)
                let moment = Date()
                let app = try await buildApplication(
                    WebConfiguration(port: 0), database: served, environment: WebEnvironment(now: { moment }))
                try await app.test(.live) { client in try await body(client, counter) }
            }
        }
    }

    /// The statements this database ran while `move` did, as PostgreSQL counts them: all but the
    /// pool's keep-alive `SELECT 1`, and but the count's own query.
    static func statements(counted client: PostgresClient, during move: () async throws -> Void)
        async throws -> (calls: Int, plans: Int)
    {
        let before = try await total(client)
        try await move()
        let after = try await total(client)
        // NB: a full pg_stat_statements forgets entries, which would count too few.
        try #require(after.evictions == before.evictions, "pg_stat_statements forgot entries meanwhile")
        return (after.calls - before.calls - 1, after.plans - before.plans)
    }

    /// The statements run in this database so far, how many times they were planned, and how
    /// many times pg_stat_statements has made room by forgetting entries.
    private static func total(_ client: PostgresClient) async throws -> (
        calls: Int, plans: Int, evictions: Int
    ) {
        let rows = try await client.query(
            """
            SELECT coalesce(sum(calls), 0)::bigint, coalesce(sum(plans), 0)::bigint,
                (SELECT dealloc FROM pg_stat_statements_info)
            FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND (query IS NULL OR query !~ '^SELECT (\\$1|1);?$')
            """)
        for try await (calls, plans, evictions) in rows.decode((Int, Int, Int).self) {
            return (calls, plans, evictions)
        }
        return (0, 0, 0)
    }
}
