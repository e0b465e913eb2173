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

    /// The results of `room`'s last game as `you` see them, or nil unless that game is over. In a
    /// rated game a player who had left when it ended ranks below everyone who stayed, as their
    /// rating counted them.
    init?(_ room: Room, for you: RoomMember?) {
        guard room.phase == .finished, let headline = room.resultText else { return nil }
        self.headline = headline
        let change = { (seat: Int) in
            room.member(atSeat: seat).flatMap { room.ratingChange(ofMember: $0.number) }
        }
        // One seat's result: its score, what it took, and whether it had left a rated game.
        typealias Result = (seat: Int, score: Int, detail: String, sets: [SetTrioView], left: Bool)
        let results: [Result]
        switch room.table {
        case .set(let game)?:
            results = game.scores.indices.map { seat in
                let (score, taken) = (game.scores[seat], game.piles[seat].count)
                let wrong = taken - score
                return (
                    seat, score,
                    Self.count(taken, room.setVariant.matchName) + (wrong > 0 ? ", \(wrong) wrong" : ""),
                    game.piles[seat].map { SetTrioView($0.cards) }, change(seat)?.left == true
                )
            }
        case .memorize(let game)?:
            results = game.pairs.indices.map { seat in
                (seat, game.pairs[seat], Self.count(game.pairs[seat], "pair"), [], change(seat)?.left == true)
            }
        case nil:
            return nil
        }
        // NB: staying counts before the score; equal results share a rank (1, 1, 3).
        let standing = { (result: Result) in (result.left ? 0 : 1, result.score) }
        rows = results.sorted {
            (standing($0) > standing($1)) || (standing($0) == standing($1) && $0.seat < $1.seat)
        }
        .map { result in
            Row(
                rank: 1 + results.count { standing($0) > standing(result) },
                name: room.name(ofSeat: result.seat),
                isYou: you.map { $0.seat == result.seat } ?? false, score: result.score,
                detail: result.detail + (result.left ? ", left" : ""), sets: result.sets,
                ratingChange: change(result.seat)?.changeText, newRating: change(result.seat)?.ratingText)
        }
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
