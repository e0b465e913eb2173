/// A served file as read from the resources, before it is fingerprinted.
struct AssetSource {
    package let bytes: [UInt8]
    package let contentType: String
}

/// A script imports a file that is not served, or scripts import each other in a circle.
struct BrokenImport: Error, CustomStringConvertible {
    package let description: String
}

/// Makes the ``StaticAsset``s from their sources, each script after the siblings it imports, so
/// that its imports can name their fingerprinted addresses before it is fingerprinted itself.
struct AssetLoader {
    let sources: [String: AssetSource]
    package private(set) var loaded: [String: StaticAsset] = [:]

    init(sources: [String: AssetSource]) {
        self.sources = sources
    }

    /// The asset called `name`, made (with its imports) unless it was already.
    /// - Parameter chain: The scripts whose imports led here, outermost first.
    package mutating func load(_ name: String, importedBy chain: [String]) throws -> StaticAsset {
        if let asset = loaded[name] { return asset }
        guard let source = sources[name] else {
            throw BrokenImport(
                description: "\(chain.last ?? name) imports ./\(name), which is not a static file.")
        }
        guard !chain.contains(name) else {
            throw BrokenImport(
                description:
                    "Scripts import each other in a circle: \((chain + [name]).joined(separator: " → ")).")
        }
        var bytes = source.bytes
        if name.hasSuffix(".js"), let script = String(validating: bytes, as: UTF8.self) {
            var addresses: [String: String] = [:]
            for imported in ScriptImports.names(in: script) {
                addresses[imported] = try load(imported, importedBy: chain + [name]).address
            }
            if !addresses.isEmpty { bytes = Array(ScriptImports.rewriting(script, to: addresses).utf8) }
        }
        if name.hasSuffix(".css"), let stylesheet = String(validating: bytes, as: UTF8.self) {
            bytes = Array(StylesheetComments.removed(from: stylesheet).utf8)
        }
        let asset = try StaticAsset(name: name, bytes: bytes, contentType: source.contentType)
        loaded[name] = asset
        return asset
    }
}
