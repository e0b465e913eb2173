/// An object being written by a ``StreamingJSONEncoder``.
struct SinkKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: JSONSink
    package let place: ContainerPlace
    /// Why the object could not be opened: every write throws it.
    package var failure: (any Error)?

    package var codingPath: [any CodingKey] { sink.codingPath(to: place.level - 1) }

    package mutating func encodeNil(forKey key: Key) throws {
        try encoder(forMember: key).write { $0.writeNull() }
    }

    package mutating func encode(_ value: Bool, forKey key: Key) throws {
        try encoder(forMember: key).write { $0.writeBool(value) }
    }

    package mutating func encode(_ value: String, forKey key: Key) throws {
        try encoder(forMember: key).write { $0.writeString(value) }
    }

    package mutating func encode(_ value: Double, forKey key: Key) throws {
        // NB: checked before the key is written, so a caught error leaves valid JSON.
        let text = try sink.numberText(value, at: place.level)
        try encoder(forMember: key).write { $0.writeNumber(text) }
    }

    package mutating func encode(_ value: Int, forKey key: Key) throws {
        try encoder(forMember: key).write { $0.writeInteger(value) }
    }

    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder(forMember: key).encodeValue(value)
    }

    package mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    )
        -> KeyedEncodingContainer<NestedKey>
    {
        SinkEncoder.keyedContainer(in: sink, level: place.level) {
            let member = try encoder(forMember: key)
            return try sink.openContainer(isObject: true, at: member.level, slot: member.slot)
        }
    }

    package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        SinkEncoder.unkeyedContainer(in: sink, level: place.level) {
            let member = try encoder(forMember: key)
            return try sink.openContainer(isObject: false, at: member.level, slot: member.slot)
        }
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: SuperKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    // MARK: - Private

    /// Writes `key` and answers the encoder of its value.
    private func encoder(forMember key: some CodingKey) throws -> SinkEncoder {
        if let failure { throw failure }
        try sink.writeKey(key, in: place)
        return SinkEncoder(sink: sink, level: place.level, slot: sink.slot)
    }

    private func superEncoder(named key: some CodingKey) -> any Encoder {
        // NB: when the key cannot be written, the encoder's writes throw: its slot is not current.
        (try? encoder(forMember: key)) ?? SinkEncoder(sink: sink, level: place.level, slot: -1)
    }
}

/// The key `superEncoder()` writes under, as `JSONEncoder` does.
private enum SuperKey: String, CodingKey {
    case `super`
}
