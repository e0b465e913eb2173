import Foundation
import Logging
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

/// The same statements, written once, on both databases: every kind of value bound and read
/// back as it was, lists, changed-row counts, locks, and a transaction that throws leaving
/// nothing behind.
@Suite struct DatabaseTransactionTests {
    let moment = Date(timeIntervalSince1970: 1_800_000_000.25)

    /// Runs `body` on a new, empty database of `kind` holding a `probe` table.
    private func withDatabase(
        _ kind: TestStores.Kind, _ body: (any CardTableDatabase) async throws -> Void
    ) async throws {
        switch kind {
        case .sqlite:
            let store = try SQLiteDatabase(.inMemory)
            try await store.write {
                try $0.db.execute(
                    sql: """
                        CREATE TABLE probe (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score DOUBLE,
                            flag BOOLEAN NOT NULL, at DATETIME NOT NULL, note TEXT)
                        """)
            }
            try await body(store)
        case .postgres, .postgresOverTLS:
            let cluster = try #require(
                kind == .postgres ? PostgresTestCluster.address : PostgresTestCluster.tlsAddress)
            try await PostgresTestCluster.withProbeTable(on: cluster) { store, _ in try await body(store) }
        }
    }

    private struct Probe: Equatable {
        var id: Int64, name: String, score: Double?, flag: Bool, at: Date, note: String?
    }

    private static func probes(_ transaction: some DatabaseTransaction, _ where: SQL = "TRUE") throws
        -> [Probe]
    {
        try transaction.rows("SELECT * FROM probe WHERE \(`where`) ORDER BY id") { row in
            try Probe(
                id: row("id"), name: row("name"), score: row("score"), flag: row("flag"), at: row("at"),
                note: row("note"))
        }
    }

    /// The probe as a ``StoredRecord``: its properties are its columns.
    private struct ProbeRecord: StoredRecord {
        static let table = "probe"
        var id: Int64, name: String, score: Double?, flag: Bool, at: Date, note: String?
    }

    @Test(arguments: TestStores.available)
    func aStoredRecordIsWrittenAndReadAsItsColumns(store kind: TestStores.Kind) async throws {
        try await withDatabase(kind) { database in
            let records = [
                ProbeRecord(id: 1, name: "Ana", score: 2.5, flag: true, at: moment, note: nil),
                ProbeRecord(id: 2, name: "Bo", score: nil, flag: false, at: moment, note: "n"),
            ]
            for record in records {
                let row = try record.row()
                #expect(row.table == "probe")
                #expect(row.values.map(\.column) == ["id", "name", "score", "flag", "at", "note"])
                let columns = SQL.joined(row.values.map { "\(identifier: $0.column)" }, separator: ", ")
                let values = SQL.joined(row.values.map { "\($0.value)" }, separator: ", ")
                _ = try await database.write {
                    try $0.execute("INSERT INTO probe (\(columns)) VALUES (\(values))")
                }
            }
            let read = try await database.read {
                try $0.rows("SELECT * FROM probe ORDER BY id") { try ProbeRecord($0) }
            }
            #expect(read.map(\.id) == [1, 2])
            #expect(read.map(\.name) == ["Ana", "Bo"])
            #expect(read.map(\.score) == [2.5, nil])
            #expect(read.map(\.flag) == [true, false])
            #expect(read.allSatisfy { $0.at.isSameStoredMoment(as: moment) })
            #expect(read.map(\.note) == [nil, "n"])
            guard kind == .sqlite else { return }
            // A value of another kind is damage: reading the record throws, so the row is set aside.
            _ = try await database.write {
                try $0.execute("UPDATE probe SET score = \("x") WHERE id = \(Int64(1))")
            }
            await #expect(throws: (any Error).self) {
                try await database.read {
                    try $0.rows("SELECT * FROM probe WHERE id = \(Int64(1))") { try ProbeRecord($0) }
                }
            }
        }
    }

    @Test func aPropertysColumnIsItsNameInSnakeCase() {
        let names = ["id", "playerID", "lastMove", "updatedAt", "colorBlind", "themeURLPath", "version2Text"]
        #expect(
            names.map(columnName(of:))
                == [
                    "id", "player_id", "last_move", "updated_at", "color_blind", "theme_url_path",
                    "version2_text",
                ])
    }

    /// The byte-by-byte reading of an ASCII name agrees with the reading by Characters on every
    /// name of up to six of a lower-case letter, a capital, a digit and an underscore.
    @Test func theASCIIReadingOfANameIsTheCharacterReading() {
        var (names, longest) = ([""], [""])
        for _ in 1...6 {
            longest = longest.flatMap { name in ["a", "B", "7", "_"].map { name + $0 } }
            names += longest
        }
        #expect(names.count == 5461)
        for name in names { #expect(columnName(of: name) == columnName(ofUnicode: name), "\(name)") }
        #expect(columnName(of: "tempsÉcoulé") == "temps_écoulé")
    }

    @Test(arguments: TestStores.available)
    func valuesAreReadBackAsTheyWereWritten(store kind: TestStores.Kind) async throws {
        try await withDatabase(kind) { database in
            let moment = moment
            let name = "Ana's \"quoted\" name; DROP TABLE probe; --"
            let noNote: String? = nil
            let written = try await database.write { transaction in
                try transaction.execute(
                    """
                    INSERT INTO probe (id, name, score, flag, at, note)
                    VALUES (\(Int64(1)), \(name), \(2.5), \(true), \(moment), \(noNote)),
                        (\(Int64(2)), \("Bo"), \(nil as Double?), \(false), \(moment), \("n"))
                    """)
            }
            #expect(written == 2)
            let probes = try await database.read { try Self.probes($0) }
            #expect(probes.count == 2)
            #expect(probes.map(\.id) == [1, 2])
            #expect(probes.map(\.name) == [name, "Bo"])
            #expect(probes.map(\.score) == [2.5, nil])
            #expect(probes.map(\.flag) == [true, false])
            #expect(probes.allSatisfy { $0.at.isSameStoredMoment(as: moment) })
            #expect(probes.map(\.note) == [nil, "n"])
        }
    }

    @Test(arguments: TestStores.available)
    func listsCountsAndLocksWorkOnBoth(store kind: TestStores.Kind) async throws {
        try await withDatabase(kind) { database in
            let moment = moment
            try await database.write { transaction in
                for id in Int64(1)...5 {
                    try transaction.execute(
                        "INSERT INTO probe (id, name, flag, at) VALUES (\(id), \("p\(id)"), \(id % 2 == 0), \(moment))"
                    )
                }
            }
            let chosen = try await database.write { transaction in
                let locked = try transaction.rows(
                    "SELECT id FROM probe WHERE id IN (\(list: [Int64(2), 4]))\(SQL.forUpdate)"
                ) {
                    try $0("id") as Int64
                }
                let changed = try transaction.execute(
                    "UPDATE probe SET note = \("seen") WHERE flag = \(true)")
                return (locked, changed)
            }
            #expect(chosen.0 == [2, 4])
            #expect(chosen.1 == 2)
            let first = try await database.read { transaction in
                try transaction.firstRow("SELECT name FROM probe WHERE note IS NULL ORDER BY id") {
                    try $0("name") as String
                }
            }
            #expect(first == "p1")
        }
    }

    @Test(arguments: TestStores.available)
    func aTransactionThatThrowsLeavesNothing(store kind: TestStores.Kind) async throws {
        try await withDatabase(kind) { database in
            let moment = moment
            await #expect(throws: ProbeFailure.self) {
                try await database.write { transaction in
                    try transaction.execute(
                        "INSERT INTO probe (id, name, flag, at) VALUES (\(Int64(9)), \("x"), \(true), \(moment))"
                    )
                    throw ProbeFailure()
                }
            }
            let probes = try await database.read { try Self.probes($0) }
            #expect(probes.isEmpty)
        }
    }

    @Test(arguments: TestStores.available)
    func aMissingColumnOrAValueOfAnotherKindIsAnError(store kind: TestStores.Kind) async throws {
        try await withDatabase(kind) { database in
            let moment = moment
            _ = try await database.write {
                try $0.execute(
                    "INSERT INTO probe (id, name, flag, at) VALUES (\(Int64(1)), \("x"), \(true), \(moment))")
            }
            await #expect(throws: (any Error).self) {
                try await database.read {
                    try $0.rows("SELECT name FROM probe") { try $0("nothing") as String }
                }
            }
            await #expect(throws: (any Error).self) {
                try await database.read { try $0.rows("SELECT name FROM probe") { try $0("name") as Int64 } }
            }
        }
    }

    private struct ProbeFailure: Error {}
}
