/// Decodes a flat URL-encoded form (`name=Frogs&pairs=2`) into a `Decodable` type, with errors
/// whose coding path names the field at fault.
///
/// Names and values are percent-decoded (`+` is a space) and must be UTF-8; a field the decoded
/// type reads that was sent twice is refused (which value was meant?), and fields it does not read
/// are ignored, as JSON's unknown keys are. Whole numbers, `true`/`false`, text and string-backed
/// enums are read; forms have nothing nested.
package struct FormDecoder {
    package init() {}

    /// Why a form could not be read before any field was decoded.
    package enum FormError: Error, Equatable {
        /// A field's name or value is not UTF-8 once percent-decoded (or has a broken `%`).
        case notText(field: String)
        /// A field that is read came twice.
        case repeated(field: String)
    }

    package func decode<Value: Decodable>(_ type: Value.Type, from form: String) throws -> Value {
        try Value(from: FieldsDecoder(fields: try Self.fields(of: form), codingPath: []))
    }

    /// The form's fields by name, and the names that came more than once.
    package static func fields(of form: String) throws -> FormFields {
        var fields = FormFields()
        for pair in form.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecoded(parts[0]) else { throw FormError.notText(field: "a field") }
            guard let value = parts.count > 1 ? percentDecoded(parts[1]) : "" else {
                throw FormError.notText(field: name)
            }
            if fields.values.updateValue(value, forKey: name) != nil {
                fields.repeated.insert(name)
            }
        }
        return fields
    }

    /// `+` as a space and `%XX` as that byte; `nil` when the bytes are not UTF-8 or a `%` is not
    /// followed by two hex digits.
    static func percentDecoded(_ encoded: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = encoded.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A form's fields: the last value of each, and which came more than once (refused when read).
package struct FormFields {
    package var values: [String: String] = [:]
    package var repeated: Set<String> = []

    /// The value of `name`, nil when it was not sent.
    /// - Throws: ``FormDecoder/FormError/repeated(field:)`` when it was sent more than once.
    package func value(of name: String) throws -> String? {
        guard !repeated.contains(name) else { throw FormDecoder.FormError.repeated(field: name) }
        return values[name]
    }
}

// MARK: - Decoders

/// The whole form: a keyed container of its fields.
private struct FieldsDecoder: Decoder {
    let fields: FormFields
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FieldsContainer<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "A form"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            String.self, .init(codingPath: codingPath, debugDescription: "A form"))
    }
}

private struct FieldsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: FormFields
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.values.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { fields.values[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try fields.value(of: key.stringValue) == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try field(key).decode(type) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(key).decode(type) }

    private func field(_ key: Key) throws -> FieldValue {
        guard let text = try fields.value(of: key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "Missing"))
        }
        return FieldValue(text: text, codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.typeMismatch(
            [String: Any].self, .init(codingPath: codingPath + [key], debugDescription: "Forms are flat"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath + [key], debugDescription: "Forms are flat"))
    }

    func superDecoder() throws -> any Decoder { FieldsDecoder(fields: fields, codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder() }
}

/// One field's text, read as whatever the type asks for.
private struct FieldValue: Decoder, SingleValueDecodingContainer {
    let text: String
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    func decode(_ type: String.Type) throws -> String { text }
    func decode(_ type: Bool.Type) throws -> Bool { try read(Bool(text)) }
    func decode(_ type: Double.Type) throws -> Double { try read(Double(text)) }
    func decode(_ type: Float.Type) throws -> Float { try read(Float(text)) }
    func decode(_ type: Int.Type) throws -> Int { try read(Int(text)) }
    func decode(_ type: Int8.Type) throws -> Int8 { try read(Int8(text)) }
    func decode(_ type: Int16.Type) throws -> Int16 { try read(Int16(text)) }
    func decode(_ type: Int32.Type) throws -> Int32 { try read(Int32(text)) }
    func decode(_ type: Int64.Type) throws -> Int64 { try read(Int64(text)) }
    func decode(_ type: UInt.Type) throws -> UInt { try read(UInt(text)) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read(UInt8(text)) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read(UInt16(text)) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read(UInt32(text)) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read(UInt64(text)) }

    func decodeNil() -> Bool { false }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(
            [String: Any].self, .init(codingPath: codingPath, debugDescription: "Forms are flat"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "Forms are flat"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    private func read<T>(_ value: T?) throws -> T {
        guard let value else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: text))
        }
        return value
    }
}
