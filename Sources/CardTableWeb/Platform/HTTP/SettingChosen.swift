import Foundation
import Hummingbird

/// The answer to choosing a setting of the player's pages (appearance, sound): JSON says the
/// setting now; a form post goes back to the page it was sent from.
enum SettingChosen {
    static func response(_ chosen: some Encodable, to request: Request) throws -> Response {
        switch ResponseFormat(request) {
        case .json: try PageRenderer.json(chosen)
        case .html: .redirect(to: pageSentFrom(request), type: .normal)
        }
    }

    /// The page a form was sent from: the path (and query) of `Referer` when it is a page of this
    /// site (the Origin check already refused another site's), else the home page.
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
