import CardTableBasics
import CardTableStorage
import Foundation
import RatingCore

/// A player's rating in one pool as the last rated game there left it, with how many rated games
/// they played in it and when the last one ended.
struct PlayerRating: Equatable, Sendable {
    let pool: RatingPool
    /// The rating as stored: the deviation is widened for the idle months since when it is read
    /// (``current(at:)``).
    let stored: Rating
    let games: Int
    let lastPlayedAt: Date

    /// How long one rating period without a game is: every 30 days since the last rated game
    /// widen the deviation once, as Glicko-2 widens it for a period without games.
    static let idlePeriod: TimeInterval = 30 * 24 * 60 * 60

    /// The system's settings: τ = 0.5.
    static let system = Glicko2(tau: 0.5)

    /// The rating at `now`: the stored one, its deviation widened once for each whole
    /// ``idlePeriod`` since the last rated game (never past a newcomer's).
    func current(at now: Date) -> Rating {
        let idle = now.timeIntervalSince(lastPlayedAt) / Self.idlePeriod
        return Self.system.idle(stored, periods: idle.isFinite ? Int(max(0, idle)) : 0)
    }
}

/// A ``PlayerRating`` as a row of `player_rating`.
struct PlayerRatingRecord: StoredRecord, Equatable {
    static let table = "player_rating"

    var playerID: String
    var game: String
    var mode: String
    var rating: Double
    var deviation: Double
    var volatility: Double
    var games: Int
    var lastPlayedAt: Date

    init(_ rating: PlayerRating, of player: PlayerID) {
        playerID = player.rawValue
        game = rating.pool.game.rawValue
        mode = rating.pool.mode
        self.rating = rating.stored.rating
        deviation = rating.stored.deviation
        volatility = rating.stored.volatility
        games = rating.games
        lastPlayedAt = rating.lastPlayedAt
    }

    /// The rating this row keeps.
    /// - Throws: When it names a pool this CardTable does not know, or holds numbers no rating
    ///   has, so the row is set aside.
    func playerRating() throws -> PlayerRating {
        guard let pool = RatingPool(game: game, mode: mode) else {
            throw DamagedRatingRow(reason: "unknown game and mode \(game)/\(mode)")
        }
        guard rating.isFinite, deviation.isFinite, deviation > 0, volatility.isFinite, volatility > 0,
            games >= 1
        else { throw DamagedRatingRow(reason: "numbers no rating has") }
        return PlayerRating(
            pool: pool, stored: Rating(rating: rating, deviation: deviation, volatility: volatility),
            games: games,
            lastPlayedAt: lastPlayedAt)
    }
}

/// Why a rating row could not be read.
struct DamagedRatingRow: Error, CustomStringConvertible {
    let reason: String
    var description: String { "a rating row with \(reason)" }
}
