import CardTableHTTP
import Foundation
import Mustache

extension MustacheLibrary {
    /// Every feature's templates, each named after its file, with every `/static/<name>` link in
    /// them pointing at the file's fingerprinted address, so templates stay readable and pages
    /// link to addresses browsers may keep for a year.
    /// - Throws: ``UnknownAssetLink`` for a link to a file that is not served, or
    ///   ``UnreadableTemplate`` for a template swift-mustache cannot parse.
    init(resourcesLinkingTo assets: StaticAssets) throws {
        self.init()
        // NB: the templates name it on their first line, so it must be known before they are parsed.
        TemplateEscaping.register()
        for file in try WebResources.files(withExtensions: ["mustache"]) {
            let text = try String(contentsOf: file, encoding: .utf8)
            let linked = try AssetLinks.rewriting(text, of: file.lastPathComponent, to: assets)
            do {
                register(
                    try MustacheTemplate(string: linked),
                    named: file.deletingPathExtension().lastPathComponent)
            } catch {
                throw UnreadableTemplate(file: file.lastPathComponent, error: error)
            }
        }
    }
}

/// A template swift-mustache cannot parse.
struct UnreadableTemplate: Error, CustomStringConvertible {
    let file: String
    let error: any Error

    var description: String { "\(file) cannot be read as a template: \(error)" }
}
