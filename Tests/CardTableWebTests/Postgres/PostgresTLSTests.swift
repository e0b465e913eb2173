import Logging
import PostgresNIO
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// `postgres://…?sslmode=…`: connections over TLS are encrypted, and with `verify-full` only a
/// certificate signed by a trusted authority is accepted. The test cluster speaks TLS with a
/// throw-away authority's certificate (`Tests/Postgres/with-cluster.sh`).
@Suite struct PostgresTLSTests {
    @Test(arguments: [PostgresTestCluster.address, PostgresTestCluster.tlsAddress].compactMap { $0 })
    func theConnectionIsEncryptedExactlyWhenTheAddressSaysSo(address: PostgresAddress) async throws {
        let encrypted = try await Self.isEncrypted(address)
        #expect(encrypted == (address.security != .disable))
    }

    @Test(.enabled(if: PostgresTestCluster.tlsAddress != nil))
    func requireEncryptsWithoutCheckingTheCertificate() async throws {
        let tls = try #require(PostgresTestCluster.tlsAddress)
        let address = try #require(
            PostgresAddress("postgres://postgres@127.0.0.1:\(tls.port)/postgres?sslmode=require"))
        #expect(try await Self.isEncrypted(address))
    }

    /// The test authority is not one the system trusts, so without it as `sslrootcert` the
    /// server's certificate is refused in the TLS handshake and nothing is sent.
    @Test(.enabled(if: PostgresTestCluster.tlsAddress != nil))
    func verifyFullRefusesACertificateOfAnAuthorityNotTrusted() async throws {
        let tls = try #require(PostgresTestCluster.tlsAddress)
        let address = try #require(
            PostgresAddress("postgres://postgres@127.0.0.1:\(tls.port)/postgres?sslmode=verify-full"))
        let error = await #expect(throws: (any Error).self) {
            let connection = try await PostgresConnection.connect(
                configuration: try address.connectionConfiguration(), id: 1, logger: Logger(label: "test"))
            try await connection.close()
        }
        #expect(String(reflecting: error).contains("NIOSSL"), "\(String(reflecting: error))")
    }

    @Test(arguments: [
        "postgres://ana@db/cardtable?sslmode=require",
        "postgres://ana@db/cardtable?sslmode=verify-full",
        "postgres://ana@db/cardtable?sslmode=verify-full&sslrootcert=/etc/cardtable/ca.pem",
        "postgres://ana@db/cardtable?sslmode=disable",
    ])
    func sslModesAreRead(text: String) throws {
        let address = try #require(PostgresAddress(text))
        let expected: PostgresAddress.Security =
            text.contains("verify-full")
            ? .verifyFull(rootCertificate: text.contains("sslrootcert") ? "/etc/cardtable/ca.pem" : nil)
            : text.contains("require") ? .require : .disable
        #expect(address.security == expected)
        #expect(address.database("other").security == expected)
    }

    @Test(arguments: [
        "postgres://ana@db/cardtable?sslmode=prefer", "postgres://ana@db/cardtable?sslmode=verify-ca",
        "postgres://ana@db/cardtable?sslmode=require&sslrootcert=/ca.pem",
        "postgres://ana@db/cardtable?sslcert=/client.pem",
    ])
    func otherModesAndSettingsAreRefused(text: String) {
        #expect(PostgresAddress(text) == nil)
    }

    /// Whether PostgreSQL says this session's connection is encrypted.
    private static func isEncrypted(_ address: PostgresAddress) async throws -> Bool {
        let store = CardTableStorage.PostgresDatabase.underTest(address)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            return try await store.read { transaction in
                try transaction.rows("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()") {
                    try $0("ssl") as Bool
                }
            } == [true]
        }
    }
}
