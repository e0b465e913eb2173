import CardTableHTTP
import Foundation
import Hummingbird

/// A request body whose fields say in words what they must be, for error messages:
/// `["player": "one or two"]` makes "player must be one or two."
protocol DescribedInput: Decodable {
    static var fieldDescriptions: [String: String] { get }
}

/// Reads a request's body as a form (what browsers send) or as JSON (what API clients send).
///
/// Anything else is refused with 400 and a sentence naming what is wrong: a body that is neither
/// a form nor JSON, text that is not UTF-8 (never stored as U+FFFD), and a field that is missing
/// or not what it should be.
enum RequestInput {
    /// Whether the body is declared as JSON.
    static func isJSON(_ request: Request) -> Bool {
        mediaType(of: request) == "application/json"
    }

    /// Decodes the body as `type`, from JSON or from a URL-encoded form.
    /// - Throws: ``AppError/badRequest(_:)`` when the body cannot be read as `type`,
    ///   413 when it is too large.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from request: Request, context: CardTableRequestContext
    ) async throws -> Value {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: context.maxUploadSize)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            throw AppError.badRequest(
                "The body could not be read: it was cut short or its framing is broken.")
        }
        let bytes = body.readableBytesView
        let isJSON = isJSON(request)
        if !bytes.isEmpty, !isJSON, mediaType(of: request) != "application/x-www-form-urlencoded" {
            throw AppError.badRequest(
                "Send the body as a form (application/x-www-form-urlencoded) or as JSON (application/json).")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw AppError.badRequest("The body is not UTF-8 text.")
        }
        do {
            if isJSON {
                return try JSONDecoder().decode(type, from: Data(text.utf8))
            }
            return try FormDecoder().decode(type, from: text)
        } catch FormDecoder.FormError.notText(let field) {
            throw AppError.badRequest("The field \(field) is not UTF-8 text.")
        } catch FormDecoder.FormError.repeated(let field) {
            throw AppError.badRequest("The field \(field) is sent more than once.")
        } catch {
            let described = (type as? any DescribedInput.Type)?.fieldDescriptions ?? [:]
            throw AppError.badRequest(message(for: error, in: text, isJSON: isJSON, described: described))
        }
    }

    // MARK: - Private

    /// The body's media type, lowercased, without parameters such as `charset`.
    private static func mediaType(of request: Request) -> String? {
        request.headers[.contentType]?.split(separator: ";").first?.trimmingWhitespace().lowercased()
    }

    /// A sentence naming the field at fault and what it should be.
    private static func message(
        for error: any Error, in text: String, isJSON: Bool, described: [String: String]
    ) -> String {
        let body = isJSON ? "The JSON" : "The form"
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty && isJSON:
            // NB: Foundation's decoder calls a number no whole number fits (2.5, 1e30) "not valid
            // JSON", naming no field; the field is found here.
            guard let field = fieldWithoutAWholeNumber(in: text, reading: described.keys) else {
                return "The body is not well-formed JSON."
            }
            return "\(field) must be \(described[field] ?? "a whole number")."
        case DecodingError.keyNotFound(let key, let context):
            let field = fieldName(context.codingPath + [key])
            return described[field].map { "\(body) has no \(field): it must be \($0)." }
                ?? "\(body) has no \(field)."
        case DecodingError.typeMismatch(let type, let context),
            DecodingError.valueNotFound(let type, let context):
            guard !context.codingPath.isEmpty else { return "\(body) is not \(expectation(for: type))." }
            let field = fieldName(context.codingPath)
            return "\(field) must be \(described[field] ?? expectation(for: type))."
        case DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty:
            let field = fieldName(context.codingPath)
            return described[field].map { "\(field) must be \($0)." }
                ?? "\(field) is not a value it can take."
        default:
            return isJSON ? "The body is not well-formed JSON." : "The body is not a well-formed form."
        }
    }

    /// The first field of a well-formed JSON object that holds, or holds in a list, a number no
    /// whole number of 64 bits can be: the only well-formed JSON the decoder reads as broken, as
    /// no field of a request is a fraction. Fields the request reads (`reading`) come first.
    private static func fieldWithoutAWholeNumber(in text: String, reading: some Sequence<String>) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            return nil
        }
        func isWholeNumber(_ value: Any) -> Bool {
            switch value {
            case let list as [Any]: return list.allSatisfy(isWholeNumber)
            case let number as NSNumber: return Int64(exactly: number.doubleValue) != nil
            default: return true
            }
        }
        let read = Set(reading)
        let rank = { (field: String) in (read.contains(field) ? 0 : 1, field) }
        let fields = object.keys.sorted { rank($0) < rank($1) }
        return fields.first { !isWholeNumber(object[$0] as Any) }
    }

    private static func fieldName(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "item \($0 + 1)" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func expectation(for type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is String.Type: "text"
        case is [Any].Type: "a list"
        default: "an object with named fields"
        }
    }
}
