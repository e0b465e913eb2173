/// What a page shows, ready for both of its forms: a Mustache template renders it as HTML and
/// `Encodable` sends the same state as JSON.
protocol PageModel: Encodable, Sendable {
    /// The Mustache template (file name without `.mustache`) that draws this page.
    static var template: String { get }
}
