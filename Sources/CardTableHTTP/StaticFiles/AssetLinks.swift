/// The `/static/` links in a template's text, pointed at the fingerprinted addresses.
package enum AssetLinks {
    /// `text` with each `/static/<name>` replaced by `/static/<fingerprinted address>`.
    package static func rewriting(_ text: String, of template: String, to assets: StaticAssets) throws
        -> String
    {
        var unknown: [String] = []
        let linked = text.replacing(/\/static\/(?<name>[A-Za-z0-9_.-]+)/) { match in
            guard let address = assets.address(of: String(match.output.name)) else {
                unknown.append(String(match.output.0))
                return String(match.output.0)
            }
            return "/static/\(address)"
        }
        if let link = unknown.first { throw UnknownAssetLink(template: template, link: link) }
        return linked
    }
}

/// A template links to a static file that is not served.
struct UnknownAssetLink: Error, CustomStringConvertible {
    package let template: String
    package let link: String

    package var description: String { "\(template) links to \(link), which is not a static file." }
}
