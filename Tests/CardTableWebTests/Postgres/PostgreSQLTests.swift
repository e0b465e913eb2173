import PostgresNIO
import Testing

@testable import CardTableWeb

/// Whether the PostgreSQL tests run. Those tests take the cluster as their argument
/// (``PostgresTestCluster/clusters``), so without `CARDTABLE_TEST_POSTGRES` they have no case to
/// run, and this test alone says so, in one line.
@Suite struct PostgreSQLTests {
    @Test(.enabled(if: PostgresTestCluster.address != nil, PostgresTestCluster.skipped))
    func theTestClusterAnswers() async throws {
        let cluster = try #require(PostgresTestCluster.address)
        let version = try await PostgresTestCluster.withClient(cluster) { client in
            try await PostgresMigrationTests.strings(client, "SHOW server_version")
        }
        #expect(version.first?.isEmpty == false)
    }
}
