import Foundation
import HummingbirdTesting
import Testing

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The JSON answer decoded as one of the test's answer types (`SetPageJSON`, `ErrorJSON`…).
    ///
    /// NB: the server leaves out what does not apply instead of sending `null`; this checks it,
    /// so an optional that decodes to `nil` means its key is absent from the answer.
    func decode<Answer: Decodable>(
        _ type: Answer.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Answer {
        let data = Data(buffer: body)
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(!value.containsNull, "The answer sends null: \(text)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(type, from: data)
    }

    /// Every key anywhere in the JSON answer, for checks on what it must never contain.
    func jsonKeys() throws -> Set<String> {
        try JSONDecoder().decode(JSONValue.self, from: Data(buffer: body)).keys
    }
}
