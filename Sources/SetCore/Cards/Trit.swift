/// A value with exactly three states: the building block of every Set card feature (hint 14).
///
/// The cases are deliberately neutral. Whether ``first`` is a diamond, red or "one symbol" is
/// decided by whoever presents the card, never by the model (hint 7).
public enum Trit: UInt8, CaseIterable, Codable, Hashable, Sendable {
    case first = 0
    case second = 1
    case third = 2

    // MARK: - Set arithmetic

    /// The value that makes `self`, `other` and the result all the same or all different.
    ///
    /// Three values are all-same or all-different exactly when their raw values sum to a multiple
    /// of three, so the third is `-(a + b) mod 3`.
    public func completing(_ other: Trit) -> Trit {
        let sum = rawValue + other.rawValue
        // NB: the force unwrap cannot fail: the expression is always 0, 1 or 2.
        return Trit(rawValue: (3 - sum % 3) % 3)!
    }

    /// Whether three values are all the same or all different.
    public static func areAllSameOrAllDifferent(_ a: Trit, _ b: Trit, _ c: Trit) -> Bool {
        (a.rawValue + b.rawValue + c.rawValue) % 3 == 0
    }
}
