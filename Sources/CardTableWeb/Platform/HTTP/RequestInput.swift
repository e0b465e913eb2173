import Foundation
import Hummingbird

/// Reads a request's body as a form (what browsers send) or as JSON (what API clients send).
enum RequestInput {
    /// Whether the body is JSON.
    static func isJSON(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("application/json") ?? false
    }

    /// Decodes the body as `type`, from JSON or from a URL-encoded form.
    /// - Throws: ``AppError/badRequest(_:)`` when the body cannot be read as `type`,
    ///   413 when it is too large.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from request: Request, context: CardTableRequestContext
    ) async throws -> Value {
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        do {
            if isJSON(request) {
                return try JSONDecoder().decode(type, from: Data(buffer: body))
            }
            return try URLEncodedFormDecoder().decode(type, from: String(buffer: body))
        } catch {
            throw AppError.badRequest("The form could not be read: \(Self.reason(error))")
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the field \(key.stringValue) is missing."
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is not valid."
        default: "it is not a well-formed form."
        }
    }
}
