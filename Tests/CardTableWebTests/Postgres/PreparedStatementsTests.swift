import Foundation
import Logging
import PostgresNIO
import Testing

@testable import CardTableStorage

/// Statements prepared once per connection: which statements get a slot, and that a prepared
/// statement answers as the unnamed one did, even after its table changed shape.
@Suite struct PreparedStatementsTests {
    private static func statement(_ text: String, _ kinds: [SQLValue.Kind] = [.integer])
        -> PreparedStatements.Statement
    {
        PreparedStatements.Statement(text: text, valueKinds: kinds)
    }

    @Test func aStatementIsPreparedOnItsThirdUseAndKeepsItsSlot() {
        let catalogue = PreparedStatements()
        let select = Self.statement("SELECT * FROM player WHERE id = $1")
        #expect(catalogue.slot(for: select) == nil)
        #expect(catalogue.slot(for: select) == nil)
        #expect(catalogue.slot(for: select) == 0)
        #expect(catalogue.slot(for: select) == 0)
        #expect(catalogue.statement(in: 0) == select)
        #expect(catalogue.name(of: 0) == "cardtable_0_0")
    }

    @Test func theSameTextWithValuesOfOtherKindsIsAnotherStatement() {
        let catalogue = PreparedStatements()
        let withNumber = Self.statement("UPDATE room SET turn_due_at = $1", [.date])
        let withNull = Self.statement("UPDATE room SET turn_due_at = $1", [.null])
        for _ in 0..<3 { _ = catalogue.slot(for: withNumber) }
        #expect(catalogue.slot(for: withNull) == nil)
        _ = catalogue.slot(for: withNull)
        #expect(catalogue.slot(for: withNull) == 1)
        #expect(catalogue.slot(for: withNumber) == 0)
    }

    @Test func onceTheSlotsAreTakenNewStatementsStayUnnamed() {
        let catalogue = PreparedStatements()
        for slot in 0..<PreparedStatements.capacity {
            let statement = Self.statement("SELECT \(slot)")
            for _ in 1..<PreparedStatements.usesBeforePreparing { _ = catalogue.slot(for: statement) }
            #expect(catalogue.slot(for: statement) == slot)
        }
        let late = Self.statement("SELECT 'late'")
        for _ in 0..<10 { #expect(catalogue.slot(for: late) == nil) }
        #expect(catalogue.slot(for: Self.statement("SELECT 0")) == 0)
    }

    @Test func startingAfreshRenamesEverySlotOnceForEveryoneWhoAsked() {
        let catalogue = PreparedStatements()
        let seen = catalogue.generation
        catalogue.startAfresh(unlessSince: seen)
        #expect(catalogue.name(of: 7) == "cardtable_1_7")
        // Another statement that met the same refusal at the same moment asks too.
        catalogue.startAfresh(unlessSince: seen)
        #expect(catalogue.name(of: 7) == "cardtable_1_7")
        catalogue.startAfresh(unlessSince: catalogue.generation)
        #expect(catalogue.name(of: 7) == "cardtable_2_7")
    }

    /// Every slot's type answers for its own number, so no two slots share a name.
    @Test func eachSlotTypeHasItsOwnNumber() {
        let digits = PreparedSlotDigits.all
        #expect(digits.enumerated().allSatisfy { $0.offset == $0.element.value })
        #expect(PreparedSlot<PreparedSlotDigit3, PreparedSlotDigit14>.slot == 3 * 32 + 14)
    }

    /// The same statements, sent often enough to be prepared, answer as they did unnamed: values
    /// of every kind (and null) bound, rows read back, changed rows counted; and the connection
    /// holds them prepared.
    @Test(arguments: PostgresTestCluster.clusters)
    func aPreparedStatementAnswersAsTheUnnamedOneDid(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withProbeTable(on: cluster) { store, _ in
            let moment = Date(timeIntervalSince1970: 1_800_000_000.5)
            for id in 1...6 {
                let note: String? = id.isMultiple(of: 2) ? "n\(id)" : nil
                let inserted = try await store.write {
                    try $0.execute(
                        """
                        INSERT INTO probe (id, name, score, flag, at, note)
                        VALUES (\(id), \("p\(id)"), \(Double(id) / 2), \(id > 3), \(moment), \(note))
                        """)
                }
                #expect(inserted == 1)
            }
            for round in 0..<4 {
                let changed = try await store.write {
                    try $0.execute("UPDATE probe SET score = score + \(1.0) WHERE id <= \(3)")
                }
                #expect(changed == 3, "round \(round)")
            }
            let (rows, prepared) = try await store.read { transaction in
                var rows: [String] = []
                for _ in 0..<4 {
                    rows = try transaction.rows("SELECT * FROM probe WHERE id >= \(1) ORDER BY id") { row in
                        let note: String? = try row("note")
                        let at: Date = try row("at")
                        return
                            "\(try row("name") as String) \(try row("score") as Double) \(try row("flag") as Bool) \(at.timeIntervalSince1970) \(note ?? "-")"
                    }
                }
                let prepared = try transaction.rows("SELECT statement FROM pg_prepared_statements") { row in
                    try row("statement") as String
                }
                return (rows, prepared)
            }
            #expect(
                rows == [
                    "p1 4.5 false 1800000000.5 -", "p2 5.0 false 1800000000.5 n2",
                    "p3 5.5 false 1800000000.5 -",
                    "p4 2.0 true 1800000000.5 n4", "p5 2.5 true 1800000000.5 -",
                    "p6 3.0 true 1800000000.5 n6",
                ])
            #expect(prepared.contains("SELECT * FROM probe WHERE id >= $1 ORDER BY id"))
            for (round, expected) in [2, 1, 0, 0].enumerated() {
                let deleted = try await store.write {
                    try $0.execute("DELETE FROM probe WHERE id >= \(5 - round) AND id < \(7 - round * 2)")
                }
                #expect(deleted == expected, "round \(round)")
            }
        }
    }

    /// A table that gains a column (another instance migrated) makes PostgreSQL refuse a
    /// statement prepared to read it with `*`; the work runs again, prepared afresh, and sees
    /// the column.
    @Test(arguments: PostgresTestCluster.clusters)
    func aStatementWhoseTableChangedShapeIsPreparedAfresh(cluster: PostgresAddress) async throws {
        try await PostgresTestCluster.withProbeTable(on: cluster) { store, _ in
            _ = try await store.write {
                try $0.execute(
                    "INSERT INTO probe (id, name, flag, at) VALUES (\(1), \("p"), \(true), \(Date()))")
            }
            let select: SQL = "SELECT * FROM probe WHERE id = \(1) AND name <> \("stale-shape")"
            for _ in 0..<PreparedStatements.usesBeforePreparing + 2 {
                _ = try await store.read { try $0.rows(select) { try $0("name") as String } }
            }
            _ = try await store.write {
                try $0.execute("ALTER TABLE probe ADD COLUMN extra TEXT DEFAULT 'x'")
            }
            for _ in 0..<4 {
                let extra = try await store.read { try $0.rows(select) { try $0("extra") as String } }
                #expect(extra == ["x"])
            }
        }
    }
}
