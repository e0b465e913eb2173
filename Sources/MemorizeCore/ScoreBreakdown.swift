/// The parts a Memorize score is made of.
public struct ScoreBreakdown: Hashable, Sendable, Codable {
    /// Points every match earns (hint 15 of Assignment II).
    public static let pointsPerMatch = 2

    /// Base points from matches: `pointsPerMatch` for each.
    public internal(set) var matchPoints = 0
    /// Extra points earned by quick matches.
    public internal(set) var speedBonusPoints = 0
    /// Points lost: one for every already-seen card involved in a mismatch.
    public internal(set) var mismatchPenalties = 0

    /// The score: match points plus bonus points, less penalties. It may be negative.
    public var total: Int { matchPoints + speedBonusPoints - mismatchPenalties }

    /// Creates a breakdown; a new game's is all zeros.
    public init(matchPoints: Int = 0, speedBonusPoints: Int = 0, mismatchPenalties: Int = 0) {
        self.matchPoints = matchPoints
        self.speedBonusPoints = speedBonusPoints
        self.mismatchPenalties = mismatchPenalties
    }
}
