import CardTableBasics
import GRDB

/// SQLite's part of setting rows aside: copying them to the quarantine as GRDB reads them.
extension SQLiteDatabase.Transaction {
    package func copyToQuarantine(
        from table: String, matching: [String: SQLValue], keyColumns: [String], because error: String,
        unchangedFrom: String?
    ) throws -> [String] {
        let (select, values) = SQL("SELECT * FROM \(identifier: table) WHERE \(SQL.equal(matching))")
            .rendered(for: .sqlite)
        var copied: [String] = []
        for row in try Row.fetchAll(
            db, sql: select, arguments: Self.arguments(values))
        {
            let columns = Dictionary(row.map { ($0, $1) }, uniquingKeysWith: { first, _ in first })
            let text = Self.json(columns)
            guard unchangedFrom == nil || text == unchangedFrom else { continue }
            let key = Self.json(columns.filter { keyColumns.contains($0.key) })
            try execute(
                "INSERT INTO quarantine (table_name, row_key, row_text, error) VALUES (\(table), \(key), \(text), \(error))"
            )
            copied.append(text)
        }
        return copied
    }

    private static func json(_ values: [String: DatabaseValue]) -> String {
        (try? JSONText.encode(values.mapValues(QuarantinedValue.init))) ?? "{}"
    }
}

/// A column's value as JSON: as it is, except a blob (base64) and a number JSON cannot hold.
private struct QuarantinedValue: Encodable {
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
