import Mustache

/// Walks a page model the way a template can reach into it and lists every place where a value's
/// `MustacheParent` answer differs from what swift-mustache's reflection would find.
enum TemplateValueCheck {
    /// The problems in `value` and everything it holds; empty when every answer matches.
    /// - Parameter path: How the problems name `value` ("SetPage").
    static func problems(in value: Any, path: String) -> [String] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { problems(in: $0.value, path: path) } ?? []
        case .collection:
            return mirror.children.enumerated().flatMap { index, element in
                problems(in: element.value, path: "\(path)[\(index)]")
            }
        case .struct:
            guard let parent = value as? MustacheParent else {
                // NB: engine types (a ScoreBreakdown) reach the JSON only; CardTableWeb's are drawn.
                let type = String(reflecting: type(of: value))
                return type.hasPrefix("CardTableWeb.") ? ["\(path): \(type) is found by reflection"] : []
            }
            return mirror.children.flatMap { property -> [String] in
                guard let label = property.label else { return [] }
                let found = describe(unwrapped(property.value))
                let answered = describe(parent.child(named: label))
                let mismatch =
                    found == answered
                    ? []
                    : ["\(path).\(label): reflection finds \(found), the template would find \(answered)"]
                return mismatch + problems(in: property.value, path: "\(path).\(label)")
            }
        default:
            return []
        }
    }

    /// What an optional holds, or `nil`, as swift-mustache's reflection unwraps it.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    private static func describe(_ value: Any?) -> String {
        value.map { String(reflecting: $0) } ?? "nil"
    }
}
