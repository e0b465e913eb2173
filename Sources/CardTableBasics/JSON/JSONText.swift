import Foundation

/// JSON text for the database's JSON columns, with sorted keys so equal values store equally.
///
/// Written by ``StreamingJSONEncoder`` (the same text as `JSONEncoder` with sorted keys, which
/// golden fixtures hold to); one decoder serves every request: its settings never change after
/// it is made, which is what makes sharing it safe.
package enum JSONText {
    package static func encode(_ value: some Encodable) throws -> String {
        String(decoding: try StreamingJSONEncoder().encode(value), as: UTF8.self)
    }

    package static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        try decoder.decode(type, from: Data(text.utf8))
    }

    private static let decoder = JSONDecoder()
}
