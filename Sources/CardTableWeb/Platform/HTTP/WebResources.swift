import Foundation

/// Finds the files the features ship in their `Resources` folders (templates, styles, scripts,
/// icons), which the package puts side by side at the top of one bundle.
enum WebResources {
    /// The bundle folder that holds every feature's resources.
    static func folder() throws -> URL {
        guard let root = Bundle.module.resourceURL else { throw CocoaError(.fileNoSuchFile) }
        return root
    }

    /// The resource files whose names end in one of `extensions`.
    static func files(withExtensions extensions: Set<String>) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder(), includingPropertiesForKeys: nil)
            .filter { extensions.contains($0.pathExtension) }
    }
}
