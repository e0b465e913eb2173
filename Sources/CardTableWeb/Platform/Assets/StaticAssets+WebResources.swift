import CardTableHTTP
import Foundation

extension StaticAssets {
    /// Reads every file the features ship to be served (see ``StaticAssets/init(files:prefixes:)``),
    /// all but the service worker's script, which is served at the site's root.
    init(prefixes: [String: String] = [:]) throws {
        let files = try WebResources.files(withExtensions: Set(Self.contentTypes.keys))
            .filter { $0.lastPathComponent != ServiceWorker.sourceName }
        try self.init(files: files, prefixes: prefixes)
    }
}
