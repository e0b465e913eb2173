import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CardTableHTTP
@testable import CardTableStorage
@testable import CardTableWeb

/// `GET /metrics`: requests counted by route pattern (never the path) and status, with their
/// answer times, and the database's transactions; served on a port of its own, never the site's.
@Suite struct MetricsTests {
    @Test func requestsAreCountedByRoutePatternAndStatus() async throws {
        let metrics = ServerMetrics()
        let app = try await buildApplication(
            WebConfiguration(), database: .sqlite(SQLiteDatabase(.inMemory)), metrics: metrics)
        try await app.test(.router) { client in
            for _ in 0..<3 { _ = try await client.execute(uri: "/health", method: .get) }
            _ = try await client.execute(uri: "/static/no-such-file.css", method: .get)
            _ = try await client.execute(uri: "/no/such/page-1234", method: .get)
            _ = try await client.execute(uri: "/set", method: .get)
        }
        let text = try await Self.scrape(metrics)
        #expect(text.contains(#"cardtable_http_requests_total{route="/health",method="GET",status="200"} 3"#))
        #expect(
            text.contains(
                #"cardtable_http_requests_total{route="/static/{file}",method="GET",status="404"} 1"#))
        #expect(
            text.contains(#"cardtable_http_requests_total{route="(no route)",method="GET",status="404"} 1"#))
        #expect(
            text.contains(#"cardtable_http_request_duration_seconds_count{route="/health",method="GET"} 3"#))
        #expect(
            text.contains(
                #"cardtable_http_request_duration_seconds_bucket{route="/health",method="GET",le="+Inf"} 3"#))
        #expect(!text.contains("page-1234"), "a raw path became a label")
        #expect(!text.contains("no-such-file"), "a raw path became a label")
        // Opening the Set page reads the player's game.
        #expect(text.contains(#"cardtable_database_transaction_duration_seconds_count{kind="read"}"#))
        #expect(text.contains(#"cardtable_database_transaction_errors_total{kind="read"} 0"#))
        #expect(text.contains("cardtable_http_connections_open 0"))
    }

    @Test func theSitesPortDoesNotServeMetrics() async throws {
        try await withTestApp { session in
            let response = try await session.client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .notFound)
        }
    }

    @Test func roomSocketsRoomsAndTheirEventsAreCounted() async throws {
        let metrics = ServerMetrics()
        try await withLiveTestApp(metrics: metrics) { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await ana.withRoomSocket(room.socketURL) { socket in
                _ = try await socket.next()
                try await bo.join(room, as: "Bo")
                _ = try await socket.next()
                let text = String(decoding: metrics.exposition(), as: UTF8.self)
                #expect(text.contains("cardtable_room_sockets_open 1.0"))
                #expect(text.contains("cardtable_rooms_open 1.0"))
                #expect(text.contains("cardtable_room_events_sent_total 1"))
                #expect(!text.contains("cardtable_http_connections_open 0.0"))
            }
        }
        let text = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(text.contains("cardtable_room_sockets_open 0.0"))
        #expect(text.contains("cardtable_rooms_open 0.0"))
        #expect(text.contains("cardtable_http_connections_open 0.0"))
    }

    /// The real server with `--metrics-port`: the counts are on that port, not the site's.
    // NB: the limit only stops a hang; starting the server alone may take 30 s under load.
    @Test(.timeLimit(.minutes(4)))
    func theMetricsPortIsScrapedOverHTTP() async throws {
        try await withTemporaryDatabase { path in
            let server = try await ServerProcess(
                options: ["--database", path, "--metrics-port", "0"],
                logFolder: URL(fileURLWithPath: path).deletingLastPathComponent())
            defer { server.send(SIGKILL) }
            let metricsPort = try #require(server.metricsPort, "no metrics port logged:\n\(server.logTail)")
            let (health, metricsOnSite) = try await TestClient.withClient(
                host: "127.0.0.1", port: server.port
            ) { client in (try await client.get("/health"), try await client.get("/metrics")) }
            #expect(health.status == .ok)
            #expect(metricsOnSite.status == .notFound)
            let scraped = try await TestClient.withClient(host: "127.0.0.1", port: metricsPort) { client in
                try await client.get("/metrics")
            }
            #expect(scraped.status == .ok)
            #expect(scraped.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = String(buffer: try #require(scraped.body))
            #expect(
                text.contains(#"cardtable_http_requests_total{route="/health",method="GET",status="200"}"#))
            #expect(
                text.contains(
                    #"cardtable_http_requests_total{route="(no route)",method="GET",status="404"} 1"#))
        }
    }

    /// What `GET /metrics` on the metrics listener answers.
    private static func scrape(_ metrics: ServerMetrics) async throws -> String {
        try await metricsApplication(
            metrics, hostname: "127.0.0.1", port: 0, timeouts: ConnectionTimeouts(),
            logger: .init(label: "test")
        )
        .test(.router) { client in
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            return String(buffer: response.body)
        }
    }
}

extension ServerProcess {
    /// The port of the metrics listener, from its "Metrics served at" line.
    var metricsPort: Int? {
        log.firstMatch(of: #/Metrics served at http://[^\s]*:(\d+)/metrics/#).flatMap { Int($0.1) }
    }
}
