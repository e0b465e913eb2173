import Foundation

/// An object being written by a ``StreamingJSONEncoder``.
struct SinkKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: JSONSink
    /// The object's level (see ``JSONSink``).
    let level: Int
    /// Why the object could not be opened: every write throws it.
    var failure: (any Error)?

    var codingPath: [any CodingKey] { sink.codingPath(to: level - 1) }

    mutating func encodeNil(forKey key: Key) throws {
        try startMember(key)
        try sink.beginValue(at: level)
        sink.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try startMember(key)
        try sink.beginValue(at: level)
        sink.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try startMember(key)
        try sink.beginValue(at: level)
        sink.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try startMember(key)
        try sink.beginValue(at: level)
        try sink.writeNumber(value, at: level)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try startMember(key)
        try sink.beginValue(at: level)
        sink.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try startMember(key)
        try SinkEncoder(sink: sink, level: level).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        do {
            try startMember(key)
            return KeyedEncodingContainer(
                SinkKeyedContainer<NestedKey>(
                    sink: sink, level: try sink.openContainer(isObject: true, at: level)))
        } catch {
            return KeyedEncodingContainer(
                SinkKeyedContainer<NestedKey>(sink: sink, level: level, failure: error))
        }
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        do {
            try startMember(key)
            return SinkUnkeyedContainer(sink: sink, level: try sink.openContainer(isObject: false, at: level))
        } catch {
            return SinkUnkeyedContainer(sink: sink, level: level, failure: error)
        }
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: SuperKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    // MARK: - Private

    private func startMember(_ key: some CodingKey) throws {
        if let failure { throw failure }
        try sink.writeKey(key, in: level)
    }

    /// An encoder for the value of `key`, whose key is written now.
    private func superEncoder(named key: some CodingKey) -> any Encoder {
        // NB: an object that failed to open has no slot to give; its next write throws.
        if failure == nil { try? sink.writeKey(key, in: level) }
        return SinkEncoder(sink: sink, level: level)
    }
}

/// An array being written by a ``StreamingJSONEncoder``.
struct SinkUnkeyedContainer: UnkeyedEncodingContainer {
    let sink: JSONSink
    /// The array's level (see ``JSONSink``).
    let level: Int
    var failure: (any Error)?
    private(set) var count = 0

    init(sink: JSONSink, level: Int, failure: (any Error)? = nil) {
        self.sink = sink
        self.level = level
        self.failure = failure
    }

    var codingPath: [any CodingKey] { sink.codingPath(to: level - 1) }

    mutating func encodeNil() throws {
        try startElement()
        try sink.beginValue(at: level)
        sink.writeNull()
    }

    mutating func encode(_ value: String) throws {
        try startElement()
        try sink.beginValue(at: level)
        sink.writeString(value)
    }

    mutating func encode(_ value: Int) throws {
        try startElement()
        try sink.beginValue(at: level)
        sink.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try startElement()
        try SinkEncoder(sink: sink, level: level).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        do {
            try startElement()
            return KeyedEncodingContainer(
                SinkKeyedContainer<NestedKey>(
                    sink: sink, level: try sink.openContainer(isObject: true, at: level)))
        } catch {
            return KeyedEncodingContainer(
                SinkKeyedContainer<NestedKey>(sink: sink, level: level, failure: error))
        }
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        do {
            try startElement()
            return SinkUnkeyedContainer(sink: sink, level: try sink.openContainer(isObject: false, at: level))
        } catch {
            return SinkUnkeyedContainer(sink: sink, level: level, failure: error)
        }
    }

    mutating func superEncoder() -> any Encoder {
        if failure == nil, (try? sink.startElement(in: level)) != nil {
            count += 1
        }
        return SinkEncoder(sink: sink, level: level)
    }

    // MARK: - Private

    private mutating func startElement() throws {
        if let failure { throw failure }
        try sink.startElement(in: level)
        count += 1
    }
}

/// The one value an encoder's `encode(to:)` writes without a container.
struct SinkSingleValueContainer: SingleValueEncodingContainer {
    let encoder: SinkEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws {
        try encoder.sink.beginValue(at: encoder.level)
        encoder.sink.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try encoder.sink.beginValue(at: encoder.level)
        encoder.sink.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try encoder.sink.beginValue(at: encoder.level)
        encoder.sink.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try encoder.sink.beginValue(at: encoder.level)
        try encoder.sink.writeNumber(value, at: encoder.level)
    }

    mutating func encode(_ value: Float) throws {
        try encoder.sink.beginValue(at: encoder.level)
        try encoder.sink.writeNumber(value, at: encoder.level)
    }

    // NB: every width needs its own method: the protocol's defaults send them to the generic
    // `encode(_:)`, whose `encode(to:)` would come straight back here.
    mutating func encode(_ value: Int) throws { try writeInteger(value) }
    mutating func encode(_ value: Int8) throws { try writeInteger(value) }
    mutating func encode(_ value: Int16) throws { try writeInteger(value) }
    mutating func encode(_ value: Int32) throws { try writeInteger(value) }
    mutating func encode(_ value: Int64) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.encodeValue(value)
    }

    private func writeInteger(_ value: some BinaryInteger) throws {
        try encoder.sink.beginValue(at: encoder.level)
        encoder.sink.writeInteger(value)
    }
}

/// The key `superEncoder()` writes under, as `JSONEncoder` does.
private enum SuperKey: String, CodingKey {
    case `super`
}
