import Foundation
import MemorizeCore
import Testing

@Suite struct GameProgressTests {
    let start = Date.fixtureStart

    @Test func aNewGameHasMadeNoMovesAndHasNotStarted() {
        let game = MemoryGame.fixture(["a", "b"])
        #expect(game.progress == GameProgress())
        #expect(game.progress?.playingTime(at: start) == 0)
    }

    /// A move is one attempt at a pair; the first card of an attempt and ignored taps are not moves.
    @Test func everyAttemptAtAPairIsOneMove() {
        var game = MemoryGame.fixture(["a", "b", "c"])
        let (a, b, c) = (game.cards(showing: "a"), game.cards(showing: "b"), game.cards(showing: "c"))
        game.choose(a[0], at: start)
        #expect(game.progress?.moves == 0)
        game.choose(a[0], at: start)  // ignored: already face up
        game.choose(b[0], at: start)
        #expect(game.progress?.moves == 1)
        game.choose(b[0], at: start)  // ignored: face up after the mismatch
        game.flip(a[1], a[0])  // a[1] turns the mismatch down; a[0] matches it
        game.flip(c[0], b[1])
        #expect(game.progress?.moves == 3)
    }

    @Test func theClockRunsFromTheFirstCardToTheLastMatch() {
        var game = MemoryGame.fixture(["a", "b"])
        let (a, b) = (game.cards(showing: "a"), game.cards(showing: "b"))
        game.choose(a[0], at: start.addingTimeInterval(5))
        game.choose(a[1], at: start.addingTimeInterval(7))
        #expect(game.progress?.startedAt == start.addingTimeInterval(5))
        #expect(game.progress?.playingTime(at: start.addingTimeInterval(20)) == 15)
        #expect(game.progress?.finishedAt == nil)
        game.flip(b[0], b[1], at: start.addingTimeInterval(65))
        #expect(game.isOver)
        #expect(game.progress?.finishedAt == start.addingTimeInterval(65))
        #expect(game.progress?.playingTime(at: start.addingTimeInterval(999)) == 60)
        #expect(game.progress?.moves == 2)
    }

    /// A game stored before moves were counted reads without them, and keeps playing without them.
    @Test func aGameStoredWithoutProgressPlaysOnWithout() throws {
        var game = MemoryGame.fixture(["a", "b"])
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
        object["progress"] = nil
        game = try JSONDecoder().decode(
            MemoryGame<String>.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(game.progress == nil)
        let a = game.cards(showing: "a")
        game.flip(a[0], a[1], at: start)
        #expect(game.progress == nil)
        #expect(game.score == 2)
    }
}
