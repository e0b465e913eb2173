// MARK: - Explaining a violation in words

extension SetViolation {
    /// A short sentence such as "two are red, one is green".
    ///
    /// - Parameter name: Names a feature value, e.g. `(.color, .first)` → "red". The model has no
    ///   names of its own; the presentation layer supplies them.
    public func explanation(naming name: (SetCardFeature, Trit) -> String) -> String {
        "two are \(name(feature, sharedValue)), one is \(name(feature, oddValue))"
    }
}

extension Sequence<SetViolation> {
    /// All explanations joined by "; ", e.g. "two are red, one is green; two are solid, one is open".
    ///
    /// - Parameter name: Names a feature value; see ``SetViolation/explanation(naming:)``.
    public func explanation(naming name: (SetCardFeature, Trit) -> String) -> String {
        map { $0.explanation(naming: name) }.joined(separator: "; ")
    }
}
