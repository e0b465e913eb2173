import HTTPTypes

extension HTTPFields {
    /// Whether the `Vary` header names `name`.
    func varies(by name: HTTPField.Name) -> Bool {
        Self.names(self[.vary], contain: name)
    }

    /// Adds `name` to the `Vary` header (`Accept, Cookie` → `Accept, Cookie, Accept-Encoding`),
    /// unless it is there already.
    mutating func addVary(_ name: HTTPField.Name) {
        let vary = self[.vary]
        guard !Self.names(vary, contain: name) else { return }
        self[.vary] = vary.map { "\($0), \(name.rawName)" } ?? name.rawName
    }

    /// Whether a comma-separated list of header names holds `name`, in any case.
    private static func names(_ list: String?, contain name: HTTPField.Name) -> Bool {
        guard let list else { return false }
        let wanted = name.rawName.lowercased()
        return list.split(separator: ",").contains { $0.trimmingWhitespace().lowercased() == wanted }
    }
}
