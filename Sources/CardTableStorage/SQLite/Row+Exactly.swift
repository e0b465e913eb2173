import GRDB

extension Row {
    /// The value of `column`, only when the column holds a value of that kind.
    ///
    /// On a row read from a statement (a cursor, as ``SQLiteRow`` reads), GRDB's `decode` reads an integer through SQLite's conversion, which makes 0 of the
    /// text "x": this reads the column's value as stored, so a load finds the damage and sets the
    /// row aside.
    /// - Throws: ``ColumnValueMismatch`` when the value is of another kind (or missing).
    func decodeExactly<Value: DatabaseValueConvertible>(
        _ type: Value.Type = Value.self, forColumn column: String
    ) throws -> Value {
        let value: DatabaseValue = try decode(forColumn: column)
        guard let decoded = Value.fromDatabaseValue(value) else {
            throw ColumnValueMismatch(column: column, value: value)
        }
        return decoded
    }
}

/// A column whose value is not of the kind its reader needs.
struct ColumnValueMismatch: Error, CustomStringConvertible {
    package let column: String
    package let value: DatabaseValue

    package var description: String { "\(column) holds \(value), which is not a value of its kind" }
}
