import Foundation
import GRDB
import Synchronization

/// A row that could not be read: a format change gone wrong, or a damaged file. It is moved to
/// the `quarantine` table with the error, in the same transaction that found it, so the page
/// that met it carries on without it, and it can still be looked at (and repaired) by hand.
struct DamagedRow: Sendable {
    /// Thrown in a read-only transaction that met a damaged row: the work is done again in a write
    /// transaction, which can move the row.
    struct NeedsWriting: Error {}

    /// The table the row was in.
    let table: String
    /// The row's primary key, column by column.
    let key: [String: DatabaseValue]
    /// Every column of the row.
    let columns: [String: DatabaseValue]
    /// Why it could not be read.
    let error: String

    init(_ row: Row, of table: String, key columns: [String], error: any Error) {
        self.table = table
        self.key = Dictionary(uniqueKeysWithValues: columns.map { ($0, row[$0] ?? DatabaseValue.null) })
        self.columns = Self.columns(of: row)
        self.error = String(describing: error)
    }

    /// The key as a JSON object.
    var keyText: String { Self.json(key) }

    /// Every column of the row as a JSON object.
    var text: String { Self.json(columns) }

    /// Moves the row to the quarantine, if it is still there as it was found.
    func setAside(in db: Database) throws {
        let keyColumns = key.keys.sorted()
        let condition = keyColumns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
        let arguments = StatementArguments(keyColumns.map { key[$0] ?? .null })
        let table = table.quotedDatabaseIdentifier
        guard
            let current = try Row.fetchOne(
                db, sql: "SELECT * FROM \(table) WHERE \(condition)", arguments: arguments),
            Self.columns(of: current) == self.columns
        else { return }
        try db.execute(
            sql: "INSERT INTO quarantine (table_name, row_key, row_text, error) VALUES (?, ?, ?, ?)",
            arguments: [self.table, keyText, text, error])
        try db.execute(sql: "DELETE FROM \(table) WHERE \(condition)", arguments: arguments)
    }

    // MARK: - Private

    private static func columns(of row: Row) -> [String: DatabaseValue] {
        Dictionary(row.map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
    }

    private static func json(_ values: [String: DatabaseValue]) -> String {
        (try? JSONText.encode(values.mapValues(StoredValue.init))) ?? "{}"
    }

    /// A column's value as JSON: as it is, except a blob (base64) and a number JSON cannot hold.
    private struct StoredValue: Encodable {
        let value: DatabaseValue

        init(_ value: DatabaseValue) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch value.storage {
            case .null: try container.encodeNil()
            case .int64(let number): try container.encode(number)
            case .double(let number) where number.isFinite: try container.encode(number)
            case .double(let number): try container.encode(String(number))
            case .string(let text): try container.encode(text)
            case .blob(let data): try container.encode(data.base64EncodedString())
            }
        }
    }
}

/// The rows one transaction set aside, so that a transaction that fails afterwards (a 404 for a
/// theme that was just set aside) still moves them in a transaction of their own.
final class DamageLog: Sendable {
    private let found = Mutex<[DamagedRow]>([])

    var rows: [DamagedRow] { found.withLock { $0 } }

    func append(_ row: DamagedRow) {
        found.withLock { $0.append(row) }
    }
}

extension CardTableStore.Transaction {
    // MARK: - Reading rows that may be damaged

    /// What `read` makes of `row`, a row of `table`; when it throws, the row is moved to the
    /// quarantine, the error is logged, and the answer is `nil`.
    ///
    /// `read` must only decode: it is called again when a read-only transaction has to be
    /// repeated as a write.
    func readOrSetAside<Value>(_ row: Row, of table: String, _ read: () throws -> Value) throws -> Value? {
        do {
            return try read()
        } catch {
            guard canWrite else { throw DamagedRow.NeedsWriting() }
            let damaged = DamagedRow(row, of: table, key: try db.primaryKey(table).columns, error: error)
            try damaged.setAside(in: db)
            damage.append(damaged)
            logger.error(
                "A row could not be read and was moved to the quarantine",
                metadata: ["table": "\(table)", "key": "\(damaged.keyText)", "error": "\(damaged.error)"])
            return nil
        }
    }

    /// How many rows of `table` this transaction moved to the quarantine.
    func setAsideCount(in table: String) -> Int {
        damage.rows.count { $0.table == table }
    }
}
