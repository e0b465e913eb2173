import Foundation
import MemorizeCore
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

@Suite struct MemorizeProgressTests {
    @Test(arguments: [(0, "0:00"), (59, "0:59"), (75, "1:15"), (3600, "1:00:00"), (3725, "1:02:05")])
    func theClockReadsAsMinutesAndSeconds(seconds: Int, text: String) {
        #expect(PlayingClock.text(seconds: seconds) == text)
    }

    /// A game stored before moves were counted shows no moves or clock, rather than wrong ones.
    @Test func aGameWithoutProgressShowsNone() throws {
        let text = try GoldenFixture.text("memorize-game.json")
        let game = try JSONText.decode(MemoryGame<String>.self, from: text)
        #expect(MemorizeProgress(game, now: Date(timeIntervalSinceReferenceDate: 100)) == nil)
    }
}
