import Foundation

/// Finds the files the package ships in `Sources/CardTableWeb/Resources`.
enum WebResources {
    /// The folder `Resources/<name>` inside the package's resource bundle.
    static func folder(named name: String) throws -> URL {
        guard let root = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return root.appendingPathComponent(name, isDirectory: true)
    }
}
