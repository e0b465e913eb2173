import Foundation
import MemorizeCore
import PropertyBased
import SeededRandom
import SetCore
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// A saved game is remembered as it was saved, beside its JSON, so the next request need not
/// decode it (see `SetGameRecord` and `MemorizeGameRecord`). That is only right if the JSON
/// reads back as exactly that game, at every point of any game.
@Suite struct StateRoundTripTests {
    static let seeds = Gen.int(in: 0...Int.max)
    static let moves = Gen.int(in: 0...1_000).array(of: 0...120)

    @Test func memorizeGamesReadBackAsSaved() async {
        await propertyCheck(input: Self.seeds, Self.moves) { seed, moves in
            var generator = SeededGenerator(seed: UInt64(seed))
            let theme = Theme.builtIn[seed % Theme.builtIn.count]
            var game = theme.makeGame(speedBonus: .standard, using: &generator)
            var now = Date(timeIntervalSinceReferenceDate: 785_000_000.123_456_789)
            #expect(Self.readBack(game) == game)
            for move in moves {
                now += Double(move % 37) / 7
                _ = game.choose(game.cards[move % game.cards.count], at: now)
                #expect(Self.readBack(game) == game)
            }
        }
    }

    @Test(arguments: [false, true])
    func setGamesReadBackAsSaved(twoPlayer: Bool) async {
        await propertyCheck(input: Self.seeds, Self.moves) { seed, moves in
            var generator = SeededGenerator(seed: UInt64(seed))
            var now = Date(timeIntervalSinceReferenceDate: 785_000_000.987_654_321)
            var game = SetGame(using: &generator, mode: twoPlayer ? .twoPlayer(.standard) : .solo, at: now)
            #expect(Self.readBack(game) == game)
            for move in moves {
                now += Double(move % 29) / 3
                let player: SetPlayer = move % 2 == 0 ? .one : .two
                switch move % 10 {
                case 0: _ = game.dealThreeMore(by: player, at: now)
                case 1: _ = game.revealHint(by: player, at: now)
                case 2 where twoPlayer: _ = game.claim(by: player, at: now)
                case 3: _ = game.tick(at: now)
                default:
                    guard !game.table.isEmpty else { continue }
                    let toucher = game.twoPlayer?.claim?.player ?? .one
                    _ = game.select(game.table[move % game.table.count], by: toucher, at: now)
                }
                #expect(Self.readBack(game) == game)
            }
        }
    }

    private static func readBack<Game: Codable>(_ game: Game) -> Game? {
        try? JSONText.decode(Game.self, from: JSONText.encode(game))
    }
}
