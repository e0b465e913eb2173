import Foundation

/// Encodes a ``StoredRecord`` as the values of its columns (see ``columnName(of:)``), in the
/// order of its properties; nil is NULL.
final class RowEncoder: Encoder {
    /// The columns written so far.
    final class Columns {
        var values: [(column: String, value: SQLValue)] = []
    }

    let columns = Columns()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Writer<Key>(columns: columns))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("a stored record is named columns only")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        preconditionFailure("a stored record is named columns only")
    }

    /// Writes each property as its column.
    struct Writer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let columns: Columns
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { add(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { add(value.sqlValue, key) }
        mutating func encode(_ value: String, forKey key: Key) throws { add(value.sqlValue, key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { add(value.sqlValue, key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { add(value.sqlValue, key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { add(value.sqlValue, key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            guard let bindable = value as? any SQLBindable else {
                throw EncodingError.invalidValue(
                    value, .init(codingPath: [key], debugDescription: "no column holds a \(T.self)"))
            }
            add(bindable.sqlValue, key)
        }

        // NB: nil is written as NULL rather than left out, so saving a record clears the column.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { add(value?.sqlValue, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { add(value?.sqlValue, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { add(value?.sqlValue, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { add(value?.sqlValue, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { add(value?.sqlValue, key) }

        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { add(.null, key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            preconditionFailure("a column holds no nested value")
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("a column holds no nested value")
        }

        mutating func superEncoder() -> any Encoder { preconditionFailure("a stored record has no super") }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            preconditionFailure("a stored record has no super")
        }

        private func add(_ value: SQLValue?, _ key: Key) {
            columns.values.append((columnName(of: key.stringValue), value ?? .null))
        }
    }
}
