#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The timing rules of a two-player game (extra credit 7).
///
/// The rules, in full:
/// - Nobody touches cards without a claim. A player claims the table with
///   ``SetGame/claim(by:at:)``, and then has ``claimTimeLimit`` to select three cards.
/// - A match scores for the claimer as in a solo game. A mismatch or a timeout costs the claimer the
///   mismatch penalty, ends the claim (the table is free again) and locks that player out of claiming
///   for ``lockoutAfterMiss``, so the opponent gets a fair chance at the same table.
/// - Dealing three more cards is allowed only while nobody holds a claim. It gives the *other*
///   player a grace period of ``gracePeriodAfterDeal``: during it only that player may claim or deal,
///   and their misses and timeouts cost nothing and lock nothing. The grace period ends early
///   when anyone makes a match or deals again.
public struct TwoPlayerRules: Codable, Hashable, Sendable {
    /// How long a claim lasts.
    public var claimTimeLimit: TimeInterval
    /// How long a player who missed or timed out may not claim.
    public var lockoutAfterMiss: TimeInterval
    /// How long the opponent of a player who dealt three more cards has the table to themselves.
    public var gracePeriodAfterDeal: TimeInterval

    /// Rules with these durations, in seconds.
    public init(
        claimTimeLimit: TimeInterval = 10,
        lockoutAfterMiss: TimeInterval = 5,
        gracePeriodAfterDeal: TimeInterval = 20
    ) {
        self.claimTimeLimit = claimTimeLimit
        self.lockoutAfterMiss = lockoutAfterMiss
        self.gracePeriodAfterDeal = gracePeriodAfterDeal
    }

    /// Ten seconds to complete a claim, five seconds' lockout after a miss, twenty seconds' grace.
    public static let standard = TwoPlayerRules()
}
