import Foundation

/// Decodes a ``StoredRecord`` from a row, each property from its column (see
/// ``columnName(of:)``).
struct RowDecoder: Decoder {
    let row: any DatabaseRow
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Columns<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw Self.onlyColumns(codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw Self.onlyColumns(codingPath)
    }

    static func onlyColumns(_ path: [any CodingKey]) -> DecodingError {
        .typeMismatch(
            [String: Any].self, .init(codingPath: path, debugDescription: "a row holds named columns only"))
    }

    /// A row's columns, by the properties' keys.
    struct Columns<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let row: any DatabaseRow
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }

        func decodeNil(forKey key: Key) throws -> Bool {
            try row.isNull(columnName(of: key.stringValue))
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try column(key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try column(key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try column(key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try column(key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try column(key) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let kind = T.self as? any DatabaseColumnValue.Type, let value = try column(kind, key) as? T
            else {
                throw DecodingError.typeMismatch(
                    T.self, .init(codingPath: [key], debugDescription: "no column holds a \(T.self)"))
            }
            return value
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw RowDecoder.onlyColumns([key])
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw RowDecoder.onlyColumns([key])
        }

        func superDecoder() throws -> any Decoder { throw RowDecoder.onlyColumns([]) }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw RowDecoder.onlyColumns([key]) }

        private func column<Value: DatabaseColumnValue>(_ key: Key) throws -> Value {
            try row.decode(Value.self, forColumn: columnName(of: key.stringValue))
        }

        private func column<Value: DatabaseColumnValue>(_ type: Value.Type, _ key: Key) throws -> Value {
            try row.decode(Value.self, forColumn: columnName(of: key.stringValue))
        }
    }
}
