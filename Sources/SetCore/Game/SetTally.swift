/// What one player's score in a game of Set is made of, kept as the game is played.
///
/// ``total`` always equals the player's score in a game that kept its tally from the start.
public struct SetTally: Hashable, Sendable {
    /// Sets found.
    public internal(set) var sets = 0
    /// Points the Sets earned, speed bonuses included.
    public internal(set) var setPoints = 0
    /// Trios that were not Sets (in a game saved before ``claimsOutOfTime`` was kept, claims
    /// that ran out too).
    public internal(set) var wrongSets = 0
    /// Points lost to ``wrongSets``.
    public internal(set) var wrongSetPenalties = 0
    /// Two players: claims that ran out before the claimer chose three cards.
    public internal(set) var claimsOutOfTime = 0
    /// Points lost to ``claimsOutOfTime``.
    public internal(set) var claimOutOfTimePenalties = 0
    /// Points lost to dealing three more cards while the table held a Set.
    public internal(set) var dealPenalties = 0
    /// Points lost to hints.
    public internal(set) var hintPenalties = 0

    /// A tally; a new game's is all zeros.
    public init(
        sets: Int = 0, setPoints: Int = 0, wrongSets: Int = 0, wrongSetPenalties: Int = 0,
        claimsOutOfTime: Int = 0, claimOutOfTimePenalties: Int = 0, dealPenalties: Int = 0,
        hintPenalties: Int = 0
    ) {
        self.sets = sets
        self.setPoints = setPoints
        self.wrongSets = wrongSets
        self.wrongSetPenalties = wrongSetPenalties
        self.claimsOutOfTime = claimsOutOfTime
        self.claimOutOfTimePenalties = claimOutOfTimePenalties
        self.dealPenalties = dealPenalties
        self.hintPenalties = hintPenalties
    }

    /// The score these add up to.
    public var total: Int {
        setPoints - wrongSetPenalties - claimOutOfTimePenalties - dealPenalties - hintPenalties
    }
}

extension SetTally: Codable {
    enum CodingKeys: String, CodingKey {
        case sets, setPoints, wrongSets, wrongSetPenalties, claimsOutOfTime, claimOutOfTimePenalties
        case dealPenalties, hintPenalties
    }

    /// Reads a tally; one saved before claims out of time were kept has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sets = try container.decode(Int.self, forKey: .sets)
        setPoints = try container.decode(Int.self, forKey: .setPoints)
        wrongSets = try container.decode(Int.self, forKey: .wrongSets)
        wrongSetPenalties = try container.decode(Int.self, forKey: .wrongSetPenalties)
        claimsOutOfTime = try container.decodeIfPresent(Int.self, forKey: .claimsOutOfTime) ?? 0
        claimOutOfTimePenalties =
            try container.decodeIfPresent(Int.self, forKey: .claimOutOfTimePenalties) ?? 0
        dealPenalties = try container.decode(Int.self, forKey: .dealPenalties)
        hintPenalties = try container.decode(Int.self, forKey: .hintPenalties)
    }

    /// Writes a tally; claims out of time only when there were any, so a tally without them is
    /// written as before they were kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sets, forKey: .sets)
        try container.encode(setPoints, forKey: .setPoints)
        try container.encode(wrongSets, forKey: .wrongSets)
        try container.encode(wrongSetPenalties, forKey: .wrongSetPenalties)
        if claimsOutOfTime != 0 || claimOutOfTimePenalties != 0 {
            try container.encode(claimsOutOfTime, forKey: .claimsOutOfTime)
            try container.encode(claimOutOfTimePenalties, forKey: .claimOutOfTimePenalties)
        }
        try container.encode(dealPenalties, forKey: .dealPenalties)
        try container.encode(hintPenalties, forKey: .hintPenalties)
    }
}
