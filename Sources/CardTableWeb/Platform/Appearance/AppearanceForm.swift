import Foundation
import Hummingbird

/// The body of choosing an appearance.
struct AppearanceForm: DescribedInput {
    let appearance: Appearance

    static var fieldDescriptions: [String: String] { ["appearance": "system, light or dark"] }

    /// The page a form was sent from, where its answer sends the browser back: the path (and
    /// query) of `Referer` when it is a page of this site (the Origin check already refused
    /// another site's), else the home page.
    /// NB: the page's own address is not written into the form, so nothing in it (a code typed
    /// into an address) is shown again.
    static func pageSentFrom(_ request: Request) -> String {
        guard let referer = request.headers[.referer].flatMap(URLComponents.init(string:)) else { return "/" }
        let path = referer.percentEncodedPath + (referer.percentEncodedQuery.map { "?" + $0 } ?? "")
        // NB: `//host` is another site to a browser.
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\") else { return "/" }
        return path
    }
}
