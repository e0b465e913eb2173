#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a Set game is scored (extra credits 3–6). Every value is in points or seconds.
///
/// The rules:
/// - A match earns ``matchPoints`` plus a speed bonus: ``speedBonusMaximum`` points if it is made
///   within ``speedBonusStep`` seconds of the table last changing (game start, a match cleared,
///   three cards dealt), one point less for each further step, never below zero.
/// - A mismatch costs ``mismatchPenalty``.
/// - Dealing three more cards while the table already holds a Set costs ``needlessDealPenalty``;
///   the table is judged *before* the new cards arrive.
/// - Revealing a hint costs ``hintPenalty``, and a match made while a hint is showing earns no speed
///   bonus. With the standard values a hinted match loses a point overall, so cheating never pays.
///   Asking again while the same hint is showing is free.
///
/// Scores may go below zero.
public struct SetScoring: Codable, Hashable, Sendable {
    /// Points for any match.
    public var matchPoints: Int
    /// The largest speed bonus, for a match found within one ``speedBonusStep``.
    public var speedBonusMaximum: Int
    /// Seconds per point of speed bonus lost.
    public var speedBonusStep: TimeInterval
    /// Points lost for three cards that are not a Set.
    public var mismatchPenalty: Int
    /// Points lost for dealing three more cards while a Set was on the table.
    public var needlessDealPenalty: Int
    /// Points lost for revealing a hint.
    public var hintPenalty: Int

    /// Scoring with these values.
    public init(
        matchPoints: Int = 3,
        speedBonusMaximum: Int = 3,
        speedBonusStep: TimeInterval = 10,
        mismatchPenalty: Int = 2,
        needlessDealPenalty: Int = 3,
        hintPenalty: Int = 4
    ) {
        self.matchPoints = matchPoints
        self.speedBonusMaximum = speedBonusMaximum
        self.speedBonusStep = speedBonusStep
        self.mismatchPenalty = mismatchPenalty
        self.needlessDealPenalty = needlessDealPenalty
        self.hintPenalty = hintPenalty
    }

    /// 3 points a match, up to 3 more for speed (one less per 10 s), −2 a mismatch, −3 a needless
    /// deal, −4 a hint.
    public static let standard = SetScoring()

    // MARK: - Speed

    /// The speed bonus for a match made `elapsed` seconds after the table last changed.
    public func speedBonus(after elapsed: TimeInterval) -> Int {
        guard speedBonusStep > 0 else { return 0 }
        let stepsTaken = Int((max(0, elapsed) / speedBonusStep).rounded(.down))
        return max(0, speedBonusMaximum - stepsTaken)
    }
}
