import Mustache
import SetCore
import TemplateFields

/// The end of a room's game as its page shows it: who won, in words, and every player's result,
/// best first, with the Sets each one took.
@TemplateFields
struct RoomResults: Encodable, Sendable {
    /// One player's place in the ranking.
    @TemplateFields
    struct Row: Encodable, Sendable {
        /// 1 for the best; equal results share a rank (1, 1, 3).
        let rank: Int
        let name: String
        let isYou: Bool
        /// Points (Set) or pairs (Memorize).
        let score: Int
        /// "3 Sets, 1 wrong" or "4 pairs".
        let detail: String
        /// The Sets they took, drawn small (Set only).
        let sets: [SetTrioView]
        /// In a rated game, the rating change ("+14", "−9") and the new rating ("1514", "1514?").
        let ratingChange: String?
        let newRating: String?
        @TemplateField
        var hasSets: Bool { !sets.isEmpty }
    }

    /// "Ana wins with 5 points." or "Ana and Bo tie with 3 pairs each."
    let headline: String
    let rows: [Row]

    /// The results of `room`'s last game as `you` see them, or nil unless that game is over.
    init?(_ room: Room, for you: RoomMember?) {
        guard room.phase == .finished, let headline = room.resultText else { return nil }
        self.headline = headline
        let isYou = { (seat: Int) in you?.seat == seat && you != nil }
        let change = { (seat: Int) in
            room.member(atSeat: seat).flatMap { room.ratingChange(ofMember: $0.number) }
        }
        let left = { (seat: Int) in room.isRated && room.member(atSeat: seat)?.isAway == true ? ", left" : ""
        }
        switch room.table {
        case .set(let game)?:
            rows = game.ranking.map { place in
                let wrong = place.sets - place.score
                return Row(
                    rank: place.rank, name: room.name(ofSeat: place.seat), isYou: isYou(place.seat),
                    score: place.score,
                    detail: Self.count(place.sets, room.setVariant.matchName)
                        + (wrong > 0 ? ", \(wrong) wrong" : "") + left(place.seat),
                    sets: game.piles[place.seat].map { SetTrioView($0.cards) },
                    ratingChange: change(place.seat)?.changeText, newRating: change(place.seat)?.ratingText)
            }
        case .memorize(let game)?:
            let pairs = game.pairs
            rows = pairs.indices.sorted { (pairs[$0], -$0) > (pairs[$1], -$1) }.map { seat in
                Row(
                    rank: 1 + pairs.count { $0 > pairs[seat] }, name: room.name(ofSeat: seat),
                    isYou: isYou(seat),
                    score: pairs[seat], detail: Self.count(pairs[seat], "pair") + left(seat), sets: [],
                    ratingChange: change(seat)?.changeText, newRating: change(seat)?.ratingText)
            }
        case nil:
            return nil
        }
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
