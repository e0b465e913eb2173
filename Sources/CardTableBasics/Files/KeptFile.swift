import Foundation

/// A small file made once and read on every start, such as a secret the site's instances share:
/// made with `contents` when there is none (readable by its owner only), never overwritten, so
/// two servers starting at once both keep the first one's.
package enum KeptFile {
    /// Why the file could not be had.
    package enum Failure: Error {
        case cannotMake(reason: String)
        case cannotRead(reason: String)
    }

    /// The text of the file at `path`, made with `contents()` first when there is none.
    package static func text(at path: String, makingWith contents: () -> String) throws(Failure) -> String {
        let url = URL(fileURLWithPath: path)
        if !FileManager.default.fileExists(atPath: path) {
            do {
                try Data(contents().utf8).write(to: url, options: .withoutOverwriting)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            } catch  where FileManager.default.fileExists(atPath: path) {
                // Another server made it first; read theirs.
            } catch {
                throw .cannotMake(reason: "\(error)")
            }
        }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .cannotRead(reason: "\(error)")
        }
    }
}
