import Foundation
import Hummingbird
import Mustache

/// Turns page models into responses: HTML through the features' Mustache templates (every
/// `{{value}}` HTML-escaped), or JSON.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary

    /// Loads every feature's templates.
    init() async throws {
        self.library = try await MustacheLibrary(directory: WebResources.folder().path)
    }

    /// Answers with `page` as HTML or JSON, whichever the request asked for.
    func respond<Page: PageModel>(
        _ page: Page, to request: Request, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        switch ResponseFormat(request) {
        case .html: try html(page, status: status)
        case .json: try Self.json(page, status: status)
        }
    }

    /// Renders `page` with its template.
    func html<Page: PageModel>(_ page: Page, status: HTTPResponse.Status = .ok) throws -> Response {
        guard let text = library.render(page, withTemplate: Page.template) else {
            throw HTTPError(.internalServerError, message: "Missing template \(Page.template)")
        }
        return Self.response(
            body: ByteBuffer(string: text), contentType: "text/html; charset=utf-8", status: status)
    }

    /// Encodes `value` as JSON.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try encoder.encode(value)
        return response(
            body: ByteBuffer(bytes: data), contentType: "application/json; charset=utf-8", status: status)
    }

    /// A response with the headers every dynamic page carries.
    static func response(body: ByteBuffer, contentType: String, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        headers[.vary] = "Accept, Cookie"
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }

    // MARK: - Private

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}
