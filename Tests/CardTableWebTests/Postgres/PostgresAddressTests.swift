import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// `--database postgres://…`: what is read from an address, and what is not taken for one.
@Suite struct PostgresAddressTests {
    @Test func anAddressGivesUserHostPortAndDatabase() throws {
        let address = try #require(PostgresAddress("postgres://cardtable:s%40cret@db.internal:6432/games"))
        #expect(address.username == "cardtable")
        #expect(address.password == "s@cret")
        #expect(address.host == "db.internal")
        #expect(address.port == 6432)
        #expect(address.database == "games")
        let plain = try #require(PostgresAddress("postgresql://ana@127.0.0.1/cardtable"))
        #expect(plain.port == 5432)
        #expect(plain.password == nil)
        #expect(plain.database("other").database == "other")
        #expect(plain.database("other").host == "127.0.0.1")
    }

    @Test(arguments: [
        "/var/lib/cardtable.sqlite", "cardtable.sqlite", "postgres://127.0.0.1/db",
        "postgres://ana@127.0.0.1/",
        "postgres://ana@/db", "mysql://ana@127.0.0.1/db", "postgres://ana@127.0.0.1/db/extra",
    ])
    func otherTextIsNotAnAddress(text: String) {
        #expect(PostgresAddress(text) == nil)
    }
}
