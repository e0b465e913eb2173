/// Where a player finished one rated game of several players, for ``Glicko2/rated(_:)``.
public struct RatedStanding<Player: Hashable & Sendable>: Sendable {
    public var player: Player
    /// The player's rating before the game.
    public var rating: Rating
    /// The game's final score: a higher one ranks higher, equal ones tie.
    public var score: Int
    /// Whether the player left the started game: they rank below everyone who stayed.
    public var left: Bool

    public init(player: Player, rating: Rating, score: Int, left: Bool = false) {
        self.player = player
        self.rating = rating
        self.score = score
        self.left = left
    }

    /// 1 when this standing ranks above `other`, ½ when they tie, 0 when below. Players who left
    /// tie with each other, whatever their scores.
    func result(against other: RatedStanding) -> Double {
        switch (left, other.left) {
        case (false, true): 1
        case (true, false): 0
        case (true, true): 0.5
        case (false, false): score > other.score ? 1 : score == other.score ? 0.5 : 0
        }
    }
}

extension Glicko2 {
    /// Everyone's new rating after one finished game: each pair of players counts as a game
    /// between the two, decided by their final ranks, and all of a player's pairs are one rating
    /// period, rated against the others' ratings from before the game.
    public func rated<Player>(_ standings: [RatedStanding<Player>]) -> [Player: Rating] {
        var ratings: [Player: Rating] = [:]
        for (index, standing) in standings.enumerated() {
            let results = standings.enumerated().filter { $0.offset != index }.map { _, other in
                RatedResult(against: other.rating, score: standing.result(against: other))
            }
            ratings[standing.player] = rated(standing.rating, after: results)
        }
        return ratings
    }
}
