/// The columns of one table among a joined row's, each selected as `prefix` + its name (so they
/// do not clash with the other tables' columns): read as a row of that table alone.
package struct PrefixedRow: DatabaseRow {
    package let row: any DatabaseRow
    package let prefix: String

    package init(_ row: any DatabaseRow, prefix: String) {
        self.row = row
        self.prefix = prefix
    }

    package func decode<Value: DatabaseColumnValue>(_ type: Value.Type, forColumn column: String) throws
        -> Value
    {
        try row.decode(type, forColumn: prefix + column)
    }

    package func isNull(_ column: String) throws -> Bool {
        try row.isNull(prefix + column)
    }
}
