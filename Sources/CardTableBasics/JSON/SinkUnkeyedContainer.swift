/// An array being written by a ``StreamingJSONEncoder``.
struct SinkUnkeyedContainer: UnkeyedEncodingContainer {
    let sink: JSONSink
    package let place: ContainerPlace
    /// Why the array could not be opened: every write throws it.
    package var failure: (any Error)?

    package var codingPath: [any CodingKey] { sink.codingPath(to: place.level - 1) }
    package var count: Int { sink.count(in: place) }

    package mutating func encodeNil() throws {
        try nextEncoder().write { $0.writeNull() }
    }

    package mutating func encode(_ value: String) throws {
        try nextEncoder().write { $0.writeString(value) }
    }

    package mutating func encode(_ value: Int) throws {
        try nextEncoder().write { $0.writeInteger(value) }
    }

    package mutating func encode<T: Encodable>(_ value: T) throws {
        try nextEncoder().encodeValue(value)
    }

    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        SinkEncoder.keyedContainer(in: sink, level: place.level) {
            let element = try nextEncoder()
            return try sink.openContainer(isObject: true, at: element.level, slot: element.slot)
        }
    }

    package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        SinkEncoder.unkeyedContainer(in: sink, level: place.level) {
            let element = try nextEncoder()
            return try sink.openContainer(isObject: false, at: element.level, slot: element.slot)
        }
    }

    mutating func superEncoder() -> any Encoder {
        // NB: when the element cannot be started, the encoder's writes throw: its slot is not current.
        (try? nextEncoder()) ?? SinkEncoder(sink: sink, level: place.level, slot: -1)
    }

    // MARK: - Private

    /// Starts the next element and answers the encoder of its value.
    private func nextEncoder() throws -> SinkEncoder {
        if let failure { throw failure }
        try sink.startElement(in: place)
        return SinkEncoder(sink: sink, level: place.level, slot: sink.slot)
    }
}
