import CardTableBasics
import CardTableHTTP
import Foundation
import Hummingbird
import Mustache

/// Turns page models into responses: HTML through the features' Mustache templates (every
/// `{{value}}` HTML-escaped), or JSON.
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    /// The parts the player's appearance and sound draw, rendered once per setting.
    let settings: SettingsFragments
    /// Parts of pages already rendered, by template and value (see ``fragments(_:for:)``).
    let fragmentStore = FragmentStore()

    /// A template that a page or another template needs is not among the resources.
    struct MissingTemplate: Error, CustomStringConvertible {
        let name: String
        let neededBy: String

        var description: String { "The template \(name).mustache, which \(neededBy) needs, is missing." }
    }

    /// Loads every feature's templates, their `/static/` links pointing at `assets`' fingerprinted
    /// addresses, and checks, before any request, that each of `pages` has its template and that
    /// every partial or parent a template names exists.
    /// - Throws: ``MissingTemplate``, ``UnknownAssetLink`` or ``UnreadableTemplate``.
    init(pages: [any PageModel.Type], assets: StaticAssets) async throws {
        self.library = try MustacheLibrary(resourcesLinkingTo: assets)
        self.settings = try SettingsFragments(library: library)
        for page in pages where library.getTemplate(named: page.template) == nil {
            throw MissingTemplate(name: page.template, neededBy: "\(page)")
        }
        for file in try WebResources.files(withExtensions: ["mustache"]) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for name in Self.namedTemplates(in: text) where library.getTemplate(named: name) == nil {
                throw MissingTemplate(name: name, neededBy: file.lastPathComponent)
            }
        }
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

    /// Renders `page` with its template, and the page's remembered fragments (see
    /// ``PageModel/fragments(from:)``).
    func html<Page: PageModel>(_ page: Page, status: HTTPResponse.Status = .ok) throws -> Response {
        Self.response(
            body: ByteBuffer(string: try text(of: page)), contentType: "text/html; charset=utf-8",
            status: status)
    }

    /// `page` as its template draws it, with the player's appearance and sound setting
    /// (``Appearance/current``, ``Sound/current``).
    func text<Page: PageModel>(of page: Page) throws -> String {
        let values = PageWithExtras(
            page: page,
            settings: settings.values(appearance: Appearance.current.appearance, sound: Sound.current),
            fragments: page.fragments(from: self))
        guard let text = library.render(values, withTemplate: Page.template) else {
            throw HTTPError(.internalServerError, message: "Missing template \(Page.template)")
        }
        return text
    }

    /// Encodes `value` as JSON.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let bytes = try encoder.encode(value)
        return response(
            body: ByteBuffer(bytes: bytes), contentType: "application/json; charset=utf-8", status: status)
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

    /// The partials (`{{> name}}`) and parents (`{{< name}}`) a template names.
    private static func namedTemplates(in text: String) -> [String] {
        text.matches(of: /\{\{\s*[<>]\s*([A-Za-z0-9_-]+)\s*\}\}/).map { String($0.output.1) }
    }

    /// NB: keys unsorted, in the order the page models declare them (remembered parts come
    /// sorted): nothing depends on their order.
    private static let encoder = StreamingJSONEncoder(sortsKeys: false, datesAsISO8601: true)
}
