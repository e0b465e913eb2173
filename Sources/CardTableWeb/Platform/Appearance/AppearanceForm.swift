import Foundation
import Hummingbird

/// The body of choosing an appearance: which one, and the page to go back to.
struct AppearanceForm: DescribedInput {
    let appearance: Appearance
    /// A path on this site; anything else goes back to the home page.
    let back: String?

    static var fieldDescriptions: [String: String] {
        ["appearance": "system, light or dark", "back": "a path on this site, such as /set"]
    }

    /// Where the form's answer sends the browser: `back` when it is a path on this site.
    var backPath: String { back.flatMap(Self.sitePath) ?? "/" }

    /// `text` when it is a path on this site (not `//host`, which a browser reads as another
    /// site), else nil.
    static func sitePath(_ text: String) -> String? {
        guard text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"),
            !text.contains(where: { $0.isNewline || $0 == " " })
        else { return nil }
        return text
    }

    /// The page a request shows: its own address for a GET; for a form post (which may answer
    /// with its page shown again), the page it was sent from, as `Referer` names it.
    static func pagePath(of request: Request) -> String {
        if request.method == .get || request.method == .head {
            return sitePath(request.uri.description) ?? "/"
        }
        guard let referer = request.headers[.referer].flatMap(URLComponents.init(string:)) else { return "/" }
        let query = referer.percentEncodedQuery.map { "?" + $0 } ?? ""
        return sitePath(referer.percentEncodedPath + query) ?? "/"
    }
}
