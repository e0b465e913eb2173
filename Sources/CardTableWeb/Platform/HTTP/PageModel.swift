import Mustache

/// What a page shows, ready for both of its forms: a Mustache template renders it as HTML and
/// `Encodable` sends the same state as JSON. Templates find its values by name
/// (`MustacheParent`), never by reflection.
protocol PageModel: Encodable, Sendable, MustacheParent {
    /// The Mustache template (file name without `.mustache`) that draws this page.
    static var template: String { get }

    /// Parts of the page drawn from remembered fragments (``PageRenderer/fragments(_:for:)``),
    /// by the name the template includes them under unescaped (`{{{cardsHTML}}}`); none by
    /// default.
    func fragments(from renderer: PageRenderer) -> KeyValuePairs<String, String>
}

extension PageModel {
    func fragments(from renderer: PageRenderer) -> KeyValuePairs<String, String> { [:] }
}
