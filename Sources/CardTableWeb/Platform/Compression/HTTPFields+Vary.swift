import Foundation
import HTTPTypes

extension HTTPFields {
    /// Whether the `Vary` header names `name`.
    func varies(by name: HTTPField.Name) -> Bool {
        guard let vary = self[.vary] else { return false }
        return vary.split(separator: ",").contains {
            $0.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(name.rawName) == .orderedSame
        }
    }

    /// Adds `name` to the `Vary` header (`Accept, Cookie` → `Accept, Cookie, Accept-Encoding`),
    /// unless it is there already.
    mutating func addVary(_ name: HTTPField.Name) {
        guard !varies(by: name) else { return }
        self[.vary] = self[.vary].map { "\($0), \(name.rawName)" } ?? name.rawName
    }
}
