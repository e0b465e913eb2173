import MemorizeCore
import SeededRandom
import Testing

@Suite struct ThemeTests {
    let spooky = Theme(name: "Spooky", emojis: ["👻", "🎃", "🕷️"], numberOfPairs: 47, color: "orange")

    // MARK: - Creating

    @Test func pairsDefaultToEveryEmoji() {
        let theme = Theme(name: "All", emojis: ["a", "b", "c", "d"], color: "red")
        #expect(theme.numberOfPairs == 4)
        #expect(theme.pairsInGame == 4)
    }

    @Test func oneLineInitializerSplitsEmojiIntoCharacters() {
        let theme = Theme("Flags", "🇫🇷🇯🇵👍🏽👨‍👩‍👧", pairs: 2, color: "blue")
        #expect(theme.emojis == ["🇫🇷", "🇯🇵", "👍🏽", "👨‍👩‍👧"])
        #expect(theme.numberOfPairs == 2)
    }

    @Test func repeatedEmojiCollapse() {
        let theme = Theme(
            name: "Twice", emojis: ["a", "b", "a", "c", "b"], color: "red", removedEmojis: ["a", "z", "z"])
        #expect(theme.emojis == ["a", "b", "c"])
        #expect(theme.removedEmojis == ["z"])
    }

    /// Hint 8: a theme asking for 47 pairs of 3 emoji deals 3.
    @Test func tooManyPairsAreReducedToTheEmojiCount() {
        #expect(spooky.pairsInGame == 3)
        #expect(spooky.cardsInGame == 6)
        #expect(spooky.makeGame().cards.count == 6)
    }

    @Test func negativePairsDealNothing() {
        let theme = Theme(name: "None", emojis: ["a", "b"], numberOfPairs: -1, color: "red")
        #expect(theme.pairsInGame == 0)
    }

    // MARK: - Built-in themes

    @Test func thereAreAtLeastEightBuiltInThemes() {
        #expect(Theme.builtIn.count >= 8)
        #expect(Set(Theme.builtIn.map(\.name)).count == Theme.builtIn.count)
    }

    @Test func someBuiltInThemeShowsFewerPairsThanItHasEmoji() {
        #expect(Theme.builtIn.contains { $0.numberOfPairs < $0.emojis.count })
    }

    @Test(arguments: Theme.builtIn)
    func builtInThemeIsPlayableAndEveryEmojiIsAnEmoji(theme: Theme) throws {
        #expect(theme.pairsInGame >= 2)
        #expect(theme.numberOfPairs <= theme.emojis.count)
        for emoji in theme.emojis {
            let character = try #require(emoji.count == 1 ? emoji.first : nil)
            #expect(EmojiText.canonicalEmoji(character) == emoji, "\(theme.name): \(emoji)")
        }
        #expect(try ThemeDraft(theme).validated() == theme)
    }

    // MARK: - Games from a theme

    @Test func aGameNeverPutsOneEmojiOnTwoPairs() {
        let theme = Theme(
            name: "Six", emojis: ["a", "b", "c", "d", "e", "f"], numberOfPairs: 4, color: "red")
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<200 {
            let game = theme.makeGame(using: &generator)
            #expect(game.cards.count == 8)
            let counts = Dictionary(grouping: game.cards, by: \.content).mapValues(\.count)
            #expect(counts.values.allSatisfy { $0 == 2 })
            #expect(counts.count == 4)
        }
    }

    @Test func noEmojiIsDead() {
        let theme = Theme(name: "Ten", emojis: (0..<10).map { "e\($0)" }, numberOfPairs: 2, color: "red")
        var generator = SeededGenerator(seed: 5)
        var seen = Set<String>()
        for _ in 0..<300 {
            seen.formUnion(theme.makeGame(using: &generator).cards.map(\.content))
        }
        #expect(seen == Set(theme.emojis))
    }

    @Test func gamesAreShuffledFaceDownAndCarryTheSpeedBonus() {
        var generator = SeededGenerator(seed: 2)
        let game = Theme.builtIn[0].makeGame(speedBonus: .standard, using: &generator)
        #expect(game.speedBonus == .standard)
        #expect(game.cards.allSatisfy { !$0.isFaceUp })
        let orders = Set(
            (0..<10).map { _ in Theme.builtIn[0].makeGame(using: &generator).cards.map(\.content) })
        #expect(orders.count == 10)
    }

    // MARK: - Editing

    @Test func removedEmojiAreRememberedAndRestorable() {
        var theme = Theme(name: "Edit", emojis: ["a", "b", "c"], color: "red")
        theme.remove("b")
        #expect(theme.emojis == ["a", "c"])
        #expect(theme.removedEmojis == ["b"])
        #expect(theme.numberOfPairs == 2)
        theme.restore("b")
        #expect(theme.emojis == ["a", "c", "b"])
        #expect(theme.removedEmojis.isEmpty)
    }

    @Test func aRestoredEmojiGoesWhereItIsAsked() {
        var theme = Theme(name: "Edit", emojis: ["a", "b", "c"], color: "red")
        theme.remove("a")
        theme.restore("a", at: 0)
        #expect(theme.emojis == ["a", "b", "c"])
        theme.remove("b")
        theme.restore("b", at: 99)
        #expect(theme.emojis == ["a", "c", "b"])
        #expect(theme.removedEmojis.isEmpty)
    }

    @Test func removingOrRestoringSomethingAbsentDoesNothing() {
        var theme = Theme(name: "Edit", emojis: ["a", "b"], color: "red")
        let before = theme
        theme.remove("z")
        theme.restore("a")
        theme.restore("q")
        #expect(theme == before)
    }

    @Test func addingIgnoresDuplicatesAndTakesEmojiOffTheRemovedList() {
        var theme = Theme(name: "Edit", emojis: ["a", "b"], color: "red", removedEmojis: ["c"])
        theme.add(["b", "c", "d", "d"])
        #expect(theme.emojis == ["a", "b", "c", "d"])
        #expect(theme.removedEmojis.isEmpty)
    }

    @Test func removingRemembersOnlyTheMostRecentRemovedEmoji() {
        let emojis = Fixtures.distinctEmoji(120)
        var theme = Theme(name: "Many", emojis: emojis, color: "red")
        for emoji in emojis.prefix(110) { theme.remove(emoji) }
        #expect(theme.removedEmojis == Array(emojis.prefix(110).suffix(Theme.maximumRemovedEmojis)))
        theme.restore(emojis[109])
        theme.remove(emojis[109])
        #expect(theme.removedEmojis.last == emojis[109])
        #expect(theme.removedEmojis.count == Theme.maximumRemovedEmojis)
    }
}
