import Foundation
import MemorizeCore
import SeededRandom
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// The results a room page shows when a game ends: the ranking with shared places, each
/// player's Sets and wrong claims, and Memorize's pairs.
@Suite struct RoomResultsTests {
    let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    let ana = PlayerID.random()
    let bo = PlayerID.random()
    let cy = PlayerID.random()

    private func started(_ game: CardGame, theme: Theme? = nil) throws -> Room {
        var room = Room(
            code: RoomCode("K7QX4P")!, game: game, theme: theme, host: ana,
            hostName: try DisplayName(typed: "Ana"))
        _ = try room.join(bo, as: try DisplayName(typed: "Bo"))
        _ = try room.join(cy, as: try DisplayName(typed: "Cy"))
        var generator = SeededGenerator(seed: 11)
        _ = try room.start(by: ana, using: &generator, at: now)
        return room
    }

    @Test func noResultsWhileAGameIsPlayed() throws {
        let room = try started(.set)
        #expect(RoomResults(room, for: room.member(for: ana)) == nil)
    }

    @Test func aSetRankingCountsSetsAndWrongClaims() throws {
        var room = try started(.set)
        // Bo claims a wrong trio once; then Ana and Bo take every Set in turn, Cy none.
        guard case .set(let first)? = room.table else { throw RoomRefusal.wrongGame }
        let table = first.table
        var wrong: [Int] = []
        for (i, j, k) in [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
        where wrong.isEmpty && !SetRules.isSet(table[i], table[j], table[k]) {
            wrong = [table[i].id, table[j].id, table[k].id]
        }
        _ = try room.claim(wrong, by: bo, at: now)
        for turn in 0..<40 where room.phase == .playing {
            guard case .set(let game)? = room.table else { break }
            let trio = try #require(SetRules.allSets(in: game.table).first)
            _ = try room.claim(trio.cards.map(\.id), by: turn.isMultiple(of: 2) ? ana : bo, at: now)
        }
        guard case .set(let game)? = room.table else { throw RoomRefusal.wrongGame }
        let results = try #require(RoomResults(room, for: room.member(for: bo)))
        #expect(results.rows.map(\.name) == ["Ana", "Bo", "Cy"])
        #expect(results.rows.map(\.rank) == [1, 2, 3])
        #expect(results.rows.map(\.score) == [game.scores[0], game.scores[1], 0])
        #expect(results.rows[1].detail == "\(game.piles[1].count) Sets, 1 wrong")
        #expect(results.rows[2].detail == "0 Sets")
        #expect(results.rows.map(\.isYou) == [false, true, false])
        #expect(results.rows[0].sets.count == game.piles[0].count)
        #expect(results.rows[2].hasSets == false)
        #expect(results.headline == "Ana wins with \(game.scores[0]) points.")
    }

    @Test func memorizeRanksByPairsAndEqualPairsShareAPlace() throws {
        var room = try started(.memorize, theme: Theme("Pets", "🐶🐱🐭🐹", pairs: 4, color: .named("orange")))
        // Each player in turn matches one pair (the table is read here, as no player could).
        for _ in 0..<4 where room.phase == .playing {
            guard case .memorize(let game)? = room.table else { break }
            let player = try #require(room.member(atSeat: game.turn)).player
            let open = game.game.cards.filter { !$0.isMatched }
            let card = try #require(open.first)
            let match = try #require(open.first { $0.id != card.id && $0.content == card.content })
            _ = try room.choose(cardID: card.id, by: player, at: now)
            _ = try room.choose(cardID: match.id, by: player, at: now)
            // A match keeps the turn: hand it on with a mismatch while two pairs are left.
            guard case .memorize(let after)? = room.table else { continue }
            let rest = after.game.cards.filter { !$0.isMatched }
            guard let a = rest.first, let b = rest.first(where: { $0.content != a.content }) else { continue }
            _ = try room.choose(cardID: a.id, by: player, at: now)
            _ = try room.choose(cardID: b.id, by: player, at: now)
            _ = room.turnMismatchBack(shownFor: 0, at: now)
        }
        #expect(room.phase == .finished)
        let results = try #require(RoomResults(room, for: nil))
        // Ana and Bo matched a pair each; Cy the last two.
        #expect(results.rows.map(\.name) == ["Cy", "Ana", "Bo"])
        #expect(results.rows.map(\.score) == [2, 1, 1])
        #expect(results.rows.map(\.rank) == [1, 2, 2])
        #expect(results.rows.map(\.detail) == ["2 pairs", "1 pair", "1 pair"])
        #expect(results.headline == "Cy wins with 2 pairs.")
        #expect(results.rows.allSatisfy { !$0.isYou && $0.sets.isEmpty })
    }
}
