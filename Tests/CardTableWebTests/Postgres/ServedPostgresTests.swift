import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// The app `cardtable serve --database postgres://…` runs: built by ``ServedDatabase/postgres(_:secret:logger:)``
/// and run with its services, it migrates, then plays and keeps a game.
@Suite struct ServedPostgresTests {
    @Test(arguments: PostgresTestCluster.clusters)
    func theServedAppPlaysAndKeepsASetGame(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withDatabase(on: cluster) { address in
            let database = try ServedDatabase.postgres(
                address.url, secret: .random(), logger: Logger(label: "test"), connectionWait: .seconds(60),
                statementDeadline: .seconds(60))
            let app = try await buildApplication(WebConfiguration(port: 0), database: database)
            try await app.test(.live) { client in
                let browser = try await Browser.arriving(at: client)
                let hint = try await browser.post("/set/hint")
                #expect(hint.status == .seeOther)
                let page = try await browser.get("/set", json: true)
                #expect(page.status == .ok)
                #expect(try page.decode(SetPageJSON.self).hint != nil)
            }
        }
    }
}

extension PostgresAddress {
    /// The address as `serve --database` takes it.
    var url: String {
        "postgres://\(username)\(password.map { ":" + $0 } ?? "")@\(host):\(port)/\(database)"
    }
}
