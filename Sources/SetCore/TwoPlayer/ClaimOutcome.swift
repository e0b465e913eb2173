#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What claiming the table did.
public enum ClaimOutcome: Hashable, Sendable {
    /// The player holds the claim until `deadline`.
    case claimed(deadline: Date, isPenaltyFree: Bool)
    /// Nothing happened.
    case rejected(SetMoveRejection)
}
