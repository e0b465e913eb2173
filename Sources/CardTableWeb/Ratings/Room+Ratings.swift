import CardTableBasics
import RatingCore

extension Room {
    /// One seated player's end of a rated game: their final score, and whether they had left.
    struct RatedPlace: Sendable {
        let member: RoomMember
        let score: Int
        let left: Bool
    }

    /// Where each seated player finished the rated game this room's change from `before` ended
    /// (but a seat left behind by a player who linked into another's here); empty unless the room is rated and the change ended a game of at least two players, by
    /// the rules (deck out, all pairs) or by everyone else leaving (see ``leave(_:at:)``).
    func ratedPlaces(since before: Room) -> [RatedPlace] {
        guard isRated, phase == .finished, before.phase != .finished || before.gameNumber != gameNumber else {
            return []
        }
        let places = members.compactMap { member -> RatedPlace? in
            // NB: a member whose player linked into another's here is that player's second seat.
            guard let seat = member.seat, member.isMergedAway != true else { return nil }
            let score: Int
            switch table {
            case .set(let game)?: score = game.scores[seat]
            case .memorize(let game)?: score = game.pairs[seat]
            case nil: return nil
            }
            return RatedPlace(member: member, score: score, left: member.isAway)
        }
        return places.count >= 2 ? places : []
    }

    /// Whether the game ended because every player but one (or none) had left, rather than by
    /// its rules: rated games end so (see ``leave(_:at:)``).
    var endedByLeavers: Bool {
        guard phase == .finished else { return false }
        switch table {
        case .set(let game)?: return !game.isOver
        case .memorize(let game)?: return !game.isOver
        case nil: return false
        }
    }

    /// The rating change of the member numbered `number` in the last game, if it was rated.
    func ratingChange(ofMember number: Int) -> RoomRatingChange? {
        ratingChanges?.first { $0.member == number }
    }
}
