import Foundation

/// Encodes `Encodable` values to JSON bytes as their `encode(to:)` runs, with the same output as
/// `JSONEncoder` set to `.withoutEscapingSlashes` (and `.sortedKeys` when `sortsKeys`).
///
/// `JSONEncoder` first builds a tree of every value, then writes it; this writes straight into
/// one buffer, several times faster for the page answers and game states every move encodes.
/// `StreamingJSONEncoderTests` holds the two to the same bytes.
///
/// NB: like the synthesized `encode(to:)`, an encoding must finish a nested value before it
/// writes the next member; a key written twice appears twice (`JSONEncoder` keeps the last).
struct StreamingJSONEncoder: Sendable {
    /// Members of every object in the order of their keys' UTF-8 bytes.
    var sortsKeys = true
    /// Dates as ISO 8601 text (`2026-11-23T21:40:00Z`) rather than `Date`'s own encoding.
    var datesAsISO8601 = false
    /// Values that are ``RememberedJSON`` copied from memory rather than encoded.
    var usesRememberedJSON = true

    func encode(_ value: some Encodable) throws -> [UInt8] {
        let sink = JSONSink(
            sortsKeys: sortsKeys, datesAsISO8601: datesAsISO8601, usesRememberedJSON: usesRememberedJSON)
        try SinkEncoder(sink: sink, level: 0).encodeValue(value)
        sink.finish()
        return sink.bytes
    }
}

/// The `Encoder` handed to each value's `encode(to:)`: where in the sink its value goes.
struct SinkEncoder: Encoder {
    let sink: JSONSink
    /// The level of the container the value is a member of (0 for the value being encoded).
    let level: Int

    var codingPath: [any CodingKey] { sink.codingPath(to: level) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        do {
            return KeyedEncodingContainer(
                SinkKeyedContainer(sink: sink, level: try sink.openContainer(isObject: true, at: level)))
        } catch {
            return KeyedEncodingContainer(SinkKeyedContainer(sink: sink, level: level, failure: error))
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        do {
            return SinkUnkeyedContainer(sink: sink, level: try sink.openContainer(isObject: false, at: level))
        } catch {
            return SinkUnkeyedContainer(sink: sink, level: level, failure: error)
        }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SinkSingleValueContainer(encoder: self)
    }

    /// Writes `value` in the slot awaiting it: the types `JSONEncoder` writes its own way
    /// directly, anything else through its `encode(to:)`.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        // NB: comparing types is cheap; a cast per type would not be, for every nested value.
        let type: Any.Type = Value.self
        if type == String.self {
            try sink.beginValue(at: level)
            sink.writeString(value as! String)
        } else if type == Int.self {
            try sink.beginValue(at: level)
            sink.writeInteger(value as! Int)
        } else if type == Bool.self {
            try sink.beginValue(at: level)
            sink.writeBool(value as! Bool)
        } else if type == Double.self {
            try sink.beginValue(at: level)
            try sink.writeNumber(value as! Double, at: level)
        } else if type == Date.self, sink.datesAsISO8601 {
            try sink.beginValue(at: level)
            sink.writeString((value as! Date).formatted(.iso8601))
        } else if type == URL.self {
            try sink.beginValue(at: level)
            sink.writeString((value as! URL).absoluteString)
        } else if type == Data.self {
            try sink.beginValue(at: level)
            sink.writeString((value as! Data).base64EncodedString())
        } else if sink.usesRememberedJSON, let remembered = (value as? any RememberedJSON)?.rememberedJSON {
            try sink.beginValue(at: level)
            sink.writeJSON(remembered)
        } else {
            try value.encode(to: self)
            // NB: whatever the value opened is closed before its parent's next member.
            sink.prepare(level: level)
        }
    }
}
