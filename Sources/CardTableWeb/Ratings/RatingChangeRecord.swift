import CardTableBasics
import CardTableStorage
import Foundation

/// What one rated room game did to one player's rating: a row of `rating_change`, the points of
/// the player's rating chart.
struct RatingChangeRecord: StoredRecord, Equatable {
    static let table = "rating_change"

    var playerID: String
    var game: String
    var mode: String
    var roomCode: String
    var gameNumber: Int
    var ratingBefore: Double
    var rating: Double
    var deviation: Double
    var ratedAt: Date
}
