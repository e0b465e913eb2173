import Foundation

/// Encodes `Encodable` values to JSON bytes as their `encode(to:)` runs, with the same output as
/// `JSONEncoder` set to `.withoutEscapingSlashes` (and `.sortedKeys` when `sortsKeys`).
///
/// `JSONEncoder` first builds a tree of every value, then writes it; this writes straight into
/// one buffer, several times faster for the page answers and game states every move encodes.
/// `StreamingJSONEncoderTests` holds the two to the same bytes.
///
/// NB: like the synthesized `encode(to:)`, an encoding must finish a nested value before it
/// writes the next member (a container used after its place was closed throws); a key written
/// twice appears twice (`JSONEncoder` keeps the last); nesting has no depth limit.
package struct StreamingJSONEncoder: Sendable {
    /// Members of every object in the order of their keys' UTF-8 bytes.
    package var sortsKeys = true
    /// Dates as ISO 8601 text (`2026-11-23T21:40:00Z`) rather than `Date`'s own encoding.
    package var datesAsISO8601 = false
    /// Values that are ``RememberedJSON`` copied from memory rather than encoded.
    var usesRememberedJSON = true

    package init(sortsKeys: Bool = true, datesAsISO8601: Bool = false, usesRememberedJSON: Bool = true) {
        (self.sortsKeys, self.datesAsISO8601, self.usesRememberedJSON) = (
            sortsKeys, datesAsISO8601, usesRememberedJSON
        )
    }

    package func encode(_ value: some Encodable) throws -> [UInt8] {
        let sink = JSONSink(
            sortsKeys: sortsKeys, datesAsISO8601: datesAsISO8601, usesRememberedJSON: usesRememberedJSON)
        try SinkEncoder(sink: sink, level: 0, slot: sink.slot).encodeValue(value)
        try sink.finish()
        return sink.bytes
    }
}

/// The `Encoder` handed to each value's `encode(to:)`: where in the sink its value goes.
struct SinkEncoder: Encoder {
    let sink: JSONSink
    /// The level of the container the value is a member of (0 for the value being encoded).
    package let level: Int
    /// The slot the value fills (see ``JSONSink``).
    package let slot: Int

    package var codingPath: [any CodingKey] { sink.codingPath(to: level) }
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        Self.keyedContainer(in: sink, level: level) {
            try sink.openContainer(isObject: true, at: level, slot: slot)
        }
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        Self.unkeyedContainer(in: sink, level: level) {
            try sink.openContainer(isObject: false, at: level, slot: slot)
        }
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        SinkSingleValueContainer(encoder: self)
    }

    /// Writes `value` in the slot awaiting it: the types `JSONEncoder` writes its own way
    /// directly, anything else through its `encode(to:)`.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        // NB: comparing types is cheap; a cast per type would not be, for every nested value.
        let type: Any.Type = Value.self
        if type == String.self {
            try write { $0.writeString(value as! String) }
        } else if type == Int.self {
            try write { $0.writeInteger(value as! Int) }
        } else if type == Bool.self {
            try write { $0.writeBool(value as! Bool) }
        } else if type == Double.self {
            let text = try sink.numberText(value as! Double, at: level)
            try write { $0.writeNumber(text) }
        } else if type == Date.self, sink.datesAsISO8601 {
            try write { $0.writeString((value as! Date).formatted(.iso8601)) }
        } else if type == URL.self {
            try write { $0.writeString((value as! URL).absoluteString) }
        } else if type == Data.self {
            try write { $0.writeString((value as! Data).base64EncodedString()) }
        } else if sink.usesRememberedJSON, let remembered = (value as? any RememberedJSON)?.rememberedJSON {
            try write { $0.copyJSON(remembered) }
        } else {
            try value.encode(to: self)
            // NB: whatever the value opened is closed before its parent's next member.
            sink.closeContainers(above: level)
        }
    }

    /// Takes the value's slot, then writes it.
    package func write(_ value: (JSONSink) -> Void) throws {
        try sink.beginValue(at: level, slot: slot)
        value(sink)
    }

    // MARK: - Opening containers

    /// The object `open` opens, or one that throws `open`'s error at every write.
    static func keyedContainer<Key: CodingKey>(
        in sink: JSONSink, level: Int, _ open: () throws -> ContainerPlace
    )
        -> KeyedEncodingContainer<Key>
    {
        do {
            return KeyedEncodingContainer(SinkKeyedContainer(sink: sink, place: try open()))
        } catch {
            let nowhere = ContainerPlace(level: level + 1, slot: -1)
            return KeyedEncodingContainer(SinkKeyedContainer(sink: sink, place: nowhere, failure: error))
        }
    }

    /// The array `open` opens, or one that throws `open`'s error at every write.
    package static func unkeyedContainer(in sink: JSONSink, level: Int, _ open: () throws -> ContainerPlace)
        -> any UnkeyedEncodingContainer
    {
        do {
            return SinkUnkeyedContainer(sink: sink, place: try open())
        } catch {
            return SinkUnkeyedContainer(
                sink: sink, place: ContainerPlace(level: level + 1, slot: -1), failure: error)
        }
    }
}
