/// The one value an encoder's `encode(to:)` writes without a container.
struct SinkSingleValueContainer: SingleValueEncodingContainer {
    package let encoder: SinkEncoder

    package var codingPath: [any CodingKey] { encoder.codingPath }

    package mutating func encodeNil() throws { try encoder.write { $0.writeNull() } }
    package mutating func encode(_ value: Bool) throws { try encoder.write { $0.writeBool(value) } }
    package mutating func encode(_ value: String) throws { try encoder.write { $0.writeString(value) } }
    package mutating func encode(_ value: Double) throws { try writeNumber(value) }
    package mutating func encode(_ value: Float) throws { try writeNumber(value) }

    // NB: every width needs its own method: the protocol's defaults send them to the generic
    // `encode(_:)`, whose `encode(to:)` would come straight back here.
    package mutating func encode(_ value: Int) throws { try writeInteger(value) }
    package mutating func encode(_ value: Int8) throws { try writeInteger(value) }
    package mutating func encode(_ value: Int16) throws { try writeInteger(value) }
    package mutating func encode(_ value: Int32) throws { try writeInteger(value) }
    package mutating func encode(_ value: Int64) throws { try writeInteger(value) }
    package mutating func encode(_ value: UInt) throws { try writeInteger(value) }
    package mutating func encode(_ value: UInt8) throws { try writeInteger(value) }
    package mutating func encode(_ value: UInt16) throws { try writeInteger(value) }
    package mutating func encode(_ value: UInt32) throws { try writeInteger(value) }
    package mutating func encode(_ value: UInt64) throws { try writeInteger(value) }

    package mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.encodeValue(value)
    }

    // MARK: - Private

    private func writeInteger(_ value: some BinaryInteger) throws {
        try encoder.write { $0.writeInteger(value) }
    }

    private func writeNumber(_ value: some BinaryFloatingPoint & LosslessStringConvertible) throws {
        let text = try encoder.sink.numberText(value, at: encoder.level)
        try encoder.write { $0.writeNumber(text) }
    }
}
