#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Who may act in a two-player game right now; see ``TwoPlayerRules`` for the rules.
public struct TwoPlayerState: Codable, Hashable, Sendable {
    /// The timing rules.
    public let rules: TwoPlayerRules
    /// The current claim, if someone holds one.
    public internal(set) var claim: SetClaim?
    /// The current grace period, if one is running.
    public internal(set) var gracePeriod: SetGracePeriod?
    /// Until when each player may not claim after a miss or timeout.
    public internal(set) var lockedOutUntil: PlayerPair<Date?> = PlayerPair(both: nil)

    /// A fresh state: nobody claims, nobody is locked out.
    public init(rules: TwoPlayerRules) {
        self.rules = rules
    }

    // MARK: - Remaining times

    /// Seconds left on the current claim at `now`, or `nil` when nobody holds one.
    public func claimTimeRemaining(at now: Date) -> TimeInterval? {
        claim.map { max(0, $0.deadline.timeIntervalSince(now)) }
    }

    /// Seconds left in the current grace period at `now`, or `nil` when none is running.
    public func graceTimeRemaining(at now: Date) -> TimeInterval? {
        guard let gracePeriod, gracePeriod.end > now else { return nil }
        return gracePeriod.end.timeIntervalSince(now)
    }

    /// Seconds until `player` may claim again at `now`, or `nil` when they are not locked out.
    public func lockoutRemaining(for player: SetPlayer, at now: Date) -> TimeInterval? {
        guard let until = lockedOutUntil[player], until > now else { return nil }
        return until.timeIntervalSince(now)
    }

    /// Seconds until the first running time limit ends at `now` (a claim, a grace period or either
    /// player's lockout), or `nil` when none is running: when who may act changes next.
    public func timeUntilNextChange(at now: Date) -> TimeInterval? {
        let ends = [claim?.deadline, gracePeriod?.end, lockedOutUntil.one, lockedOutUntil.two]
        return ends.compactMap { $0 }.filter { $0 > now }.map { $0.timeIntervalSince(now) }.min()
    }

    /// The player with a running grace period at `now`, if any.
    func gracePlayer(at now: Date) -> SetPlayer? {
        guard let gracePeriod, gracePeriod.end > now else { return nil }
        return gracePeriod.player
    }
}
