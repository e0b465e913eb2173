/// A player's Glicko-2 rating in one game and mode: how strong they seem (``rating``), how sure
/// that is (``deviation``, smaller is surer) and how erratic their results are (``volatility``).
public struct Rating: Hashable, Codable, Sendable {
    /// On the familiar scale, where a newcomer stands at 1500.
    public var rating: Double
    /// The rating's uncertainty on the same scale: about 95 % of the time, strength lies within
    /// two deviations of ``rating``.
    public var deviation: Double
    /// How much the player's strength is expected to wander between rating periods.
    public var volatility: Double

    public init(rating: Double, deviation: Double, volatility: Double) {
        self.rating = rating
        self.deviation = deviation
        self.volatility = volatility
    }

    /// Where every player starts: 1500, deviation 350, volatility 0.06.
    public static let newcomer = Rating(rating: 1500, deviation: 350, volatility: 0.06)

    /// The deviation at and above which a rating is still provisional (shown with "?").
    public static let provisionalDeviation = 110.0

    /// Whether the rating says too little yet to rank the player (deviation ≥ 110).
    public var isProvisional: Bool { deviation >= Self.provisionalDeviation }
}

/// One game's outcome for the player being rated, against one opponent.
public struct RatedResult: Hashable, Sendable {
    /// The opponent's rating before the period.
    public var opponent: Rating
    /// 1 for a win, ½ for a draw, 0 for a loss.
    public var score: Double

    public init(against opponent: Rating, score: Double) {
        self.opponent = opponent
        self.score = score
    }
}
