import Foundation
import MemorizeCore
import SeededRandom
import Testing

@Suite struct CodableTests {
    func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }

    @Test(arguments: [
        ThemeColor.named("orange"),
        .rgba(RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)),
        .gradient(.named("red"), .rgba(RGBAColor(red: 0, green: 0, blue: 1))),
    ])
    func themeRoundTripsWithEveryField(color: ThemeColor) throws {
        var theme = Theme(name: "Round <trip>", emojis: ["👻", "🎃", "🕷️", "🇫🇷"], numberOfPairs: 3, color: color)
        theme.remove("🎃")
        #expect(try roundTrip(theme) == theme)
    }

    @Test func themeJSONIsReadable() throws {
        let theme = Theme(name: "H", emojis: ["👻", "🎃"], color: .gradient(.named("orange"), .named("red")))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(theme), as: UTF8.self)
        #expect(
            json
                == #"{"color":{"gradient":["orange","red"]},"emojis":["👻","🎃"],"name":"H","numberOfPairs":2,"removedEmojis":[]}"#
        )
    }

    @Test func handWrittenThemeJSONMayLeaveOutOptionalFields() throws {
        let json = ##"{"name":"Mini","emojis":["a","b","a"],"color":"#00ff00"}"##
        let theme = try JSONDecoder().decode(Theme.self, from: Data(json.utf8))
        #expect(
            theme
                == Theme(
                    name: "Mini", emojis: ["a", "b"], color: .rgba(RGBAColor(red: 0, green: 1, blue: 0))))
    }

    @Test(arguments: [
        #"{"name":"x","emojis":["a"],"color":{"gradient":["red"]}}"#,
        #"{"name":"x","emojis":["a"],"color":17}"#,
        #"{"emojis":["a"],"color":"red"}"#,
    ])
    func malformedThemeJSONThrows(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Theme.self, from: Data(json.utf8)) }
    }

    @Test func gameInProgressRoundTrips() throws {
        var generator = SeededGenerator(seed: 4)
        var game = Theme.builtIn[0].makeGame(speedBonus: .standard, using: &generator)
        let pairs = Dictionary(grouping: game.cards, by: \.content).values.map { $0 }
        game.choose(pairs[0][0], at: .fixtureStart)
        game.choose(pairs[0][1], at: .fixtureStart + 2)
        game.choose(pairs[1][0], at: .fixtureStart + 3)
        game.choose(pairs[2][0], at: .fixtureStart + 4)
        game.choose(pairs[1][1], at: .fixtureStart + 5)

        let restored = try roundTrip(game)
        #expect(restored == game)
        #expect(restored.score == game.score)
        #expect(restored.bonusTimeRemaining(for: pairs[1][1], at: .fixtureStart + 6) == 9)
    }

    @Test func generatorStateRoundTrips() throws {
        var generator = SeededGenerator(seed: 42)
        _ = generator.next()
        var restored = try roundTrip(generator)
        #expect(restored == generator)
        #expect(restored.next() == generator.next())
    }
}
