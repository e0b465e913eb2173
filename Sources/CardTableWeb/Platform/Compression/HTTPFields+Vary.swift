import HTTPTypes

extension HTTPFields {
    /// Whether the `Vary` header names `name`.
    func varies(by name: HTTPField.Name) -> Bool {
        guard let vary = self[.vary] else { return false }
        let wanted = name.rawName.lowercased()
        return vary.split(separator: ",").contains { $0.trimmingWhitespace().lowercased() == wanted }
    }

    /// Adds `name` to the `Vary` header (`Accept, Cookie` → `Accept, Cookie, Accept-Encoding`),
    /// unless it is there already.
    mutating func addVary(_ name: HTTPField.Name) {
        guard !varies(by: name) else { return }
        self[.vary] = self[.vary].map { "\($0), \(name.rawName)" } ?? name.rawName
    }
}

extension Substring {
    /// The text without the white space around it.
    fileprivate func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
