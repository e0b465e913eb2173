/// What one player's score in a game of Set is made of, kept as the game is played.
///
/// ``total`` always equals the player's score in a game that kept its tally from the start.
public struct SetTally: Hashable, Sendable, Codable {
    /// Sets found.
    public internal(set) var sets = 0
    /// Points the Sets earned, speed bonuses included.
    public internal(set) var setPoints = 0
    /// Trios that were not Sets, and claims that ran out before three cards were chosen.
    public internal(set) var wrongSets = 0
    /// Points lost to ``wrongSets``.
    public internal(set) var wrongSetPenalties = 0
    /// Points lost to dealing three more cards while the table held a Set.
    public internal(set) var dealPenalties = 0
    /// Points lost to hints.
    public internal(set) var hintPenalties = 0

    /// A tally; a new game's is all zeros.
    public init(
        sets: Int = 0, setPoints: Int = 0, wrongSets: Int = 0, wrongSetPenalties: Int = 0,
        dealPenalties: Int = 0, hintPenalties: Int = 0
    ) {
        self.sets = sets
        self.setPoints = setPoints
        self.wrongSets = wrongSets
        self.wrongSetPenalties = wrongSetPenalties
        self.dealPenalties = dealPenalties
        self.hintPenalties = hintPenalties
    }

    /// The score these add up to.
    public var total: Int { setPoints - wrongSetPenalties - dealPenalties - hintPenalties }
}
