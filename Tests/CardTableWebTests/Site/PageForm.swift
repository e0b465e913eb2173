import Foundation

/// A `<form>` on a served page, read the way a browser reads it: its attributes, the hidden inputs
/// it would send, and its buttons' attributes. Tests that play over HTTP post what the page holds
/// instead of hard-coding the fields.
struct PageForm: Sendable {
    var attributes: [String: String]
    /// The hidden inputs' names and values, in page order.
    var hiddenFields: [(name: String, value: String)]
    /// Each button's attributes, in page order.
    var buttons: [[String: String]]

    /// Every form on `html`, in page order.
    static func all(in html: String) -> [PageForm] {
        html.matches(of: #/<form\b([^>]*)>(.*?)</form>/#.dotMatchesNewlines()).map { match in
            let body = String(match.2)
            let inputs = body.matches(of: #/<input\b([^>]*)>/#).map { attributes(String($0.1)) }
            return PageForm(
                attributes: attributes(String(match.1)),
                hiddenFields: inputs.filter { $0["type"] == "hidden" }.compactMap { input in
                    input["name"].map { ($0, input["value"] ?? "") }
                },
                buttons: body.matches(of: #/<button\b([^>]*)>/#).map { attributes(String($0.1)) })
        }
    }

    /// The hidden fields as an `application/x-www-form-urlencoded` body.
    var encodedBody: String {
        hiddenFields.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    /// The value of the hidden field `name`.
    func hiddenValue(_ name: String) -> String? {
        hiddenFields.first { $0.name == name }?.value
    }

    // MARK: - Private

    private static func attributes(_ text: String) -> [String: String] {
        var attributes: [String: String] = [:]
        for match in text.matches(of: #/([\w:-]+)(?:="([^"]*)")?/#) {
            attributes[String(match.1)] = match.2.map { unescape(String($0)) } ?? ""
        }
        return attributes
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func encode(_ text: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
