/// Why three cards are not a Set, for one feature: two cards share a value and the third differs.
///
/// That is the only way a feature can break the rule, since three values of a three-state feature are
/// either all the same, all different, or two-and-one.
public struct SetViolation: Hashable, Sendable, Codable {
    /// The feature that is neither all-same nor all-different.
    public let feature: SetCardFeature
    /// The value two of the cards share.
    public let sharedValue: Trit
    /// The value of the odd card out.
    public let oddValue: Trit
    /// The card whose value differs from the other two.
    public let oddCard: SetCard

    /// Creates a violation; ``SetRules/violations(_:_:_:)`` is the usual way to get one.
    public init(feature: SetCardFeature, sharedValue: Trit, oddValue: Trit, oddCard: SetCard) {
        self.feature = feature
        self.sharedValue = sharedValue
        self.oddValue = oddValue
        self.oddCard = oddCard
    }
}
