import MemorizeCore
import Testing

@Suite struct ThemeDraftTests {
    func draft(
        name: String = "Pets",
        emojis: [String] = ["🐶", "🐱", "🐭"],
        newEmojiText: String = "",
        numberOfPairs: Int? = 3
    ) -> ThemeDraft {
        ThemeDraft(
            name: name,
            emojis: emojis,
            newEmojiText: newEmojiText,
            numberOfPairs: numberOfPairs,
            color: "green"
        )
    }

    func errors(of draft: ThemeDraft) -> [ThemeValidationError] {
        do {
            _ = try draft.validated()
            return []
        } catch {
            return error.errors
        }
    }

    @Test func validDraftBecomesATheme() throws {
        let theme = try draft(name: "  Pets \n", newEmojiText: "🐹 🐰").validated()
        #expect(theme.name == "Pets")
        #expect(theme.emojis == ["🐶", "🐱", "🐭", "🐹", "🐰"])
        #expect(theme.numberOfPairs == 3)
        #expect(theme.color == "green")
    }

    /// Never trimmed silently: new emoji the theme keeps already, or typed twice, are named.
    @Test func repeatedNewEmojiAreRefusedByName() {
        let typed = draft(newEmojiText: "🐹 🐶 🐰🐹")
        #expect(typed.repeatedNewEmoji == ["🐹", "🐶"])
        #expect(errors(of: typed) == [.repeatedEmoji(["🐹", "🐶"])])
        #expect(draft(newEmojiText: "🐹 🐰").repeatedNewEmoji.isEmpty)
    }

    @Test func missingPairsMeanEveryEmoji() throws {
        #expect(try draft(numberOfPairs: nil).validated().numberOfPairs == 3)
    }

    @Test func draftOfAThemeKeepsEverything() throws {
        var theme = Theme(name: "Keep", emojis: ["🐶", "🐱", "🐭", "🐹"], numberOfPairs: 3, color: "#123456")
        theme.remove("🐱")
        #expect(try ThemeDraft(theme).validated() == theme)
    }

    /// Removed in any order and restored in any order, emoji go back where they stood.
    @Test(arguments: [
        (["🐱", "🐭"], ["🐱", "🐭"]), (["🐱", "🐭"], ["🐭", "🐱"]),
        (["🐭", "🐱"], ["🐱", "🐭"]), (["🐶", "🐹"], ["🐹", "🐶"]),
    ])
    func restoredEmojiGoBackWhereTheyStood(removing: [String], restoring: [String]) {
        var draft = draft(emojis: ["🐶", "🐱", "🐭", "🐹"])
        for emoji in removing {
            var theme = Theme(
                name: draft.name, emojis: draft.emojis, color: draft.color, removedEmojis: draft.removedEmojis
            )
            theme.remove(emoji)
            (draft.emojis, draft.removedEmojis) = (theme.emojis, theme.removedEmojis)
        }
        for emoji in restoring {
            var theme = Theme(
                name: draft.name, emojis: draft.emojis, color: draft.color, removedEmojis: draft.removedEmojis
            )
            theme.restore(emoji, at: draft.placeToRestore(emoji))
            (draft.emojis, draft.removedEmojis) = (theme.emojis, theme.removedEmojis)
        }
        #expect(draft.emojis == ["🐶", "🐱", "🐭", "🐹"])
    }

    @Test func anEmojiOfUnknownPlaceIsRestoredAtTheEnd() {
        let draft = ThemeDraft(
            name: "Pets", emojis: ["🐶", "🐱"], removedEmojis: ["🐹"], emojiOrder: ["🐹", "🐶"],
            numberOfPairs: nil,
            color: "red")
        // The order lacked 🐱 (a hand-made form): it joins at the end, and 🐹 keeps its place.
        #expect(draft.emojiOrder == ["🐹", "🐶", "🐱"])
        #expect(draft.placeToRestore("🐹") == 0)
        #expect(
            ThemeDraft(Theme(name: "Old", emojis: ["a", "b"], color: "red", removedEmojis: ["c"]))
                .placeToRestore("c") == 2)
    }

    @Test func addingARemovedEmojiTakesItOffTheRemovedList() throws {
        var draft = ThemeDraft(
            Theme(name: "Keep", emojis: ["🐶", "🐱", "🐭"], color: "red", removedEmojis: ["🐹"]))
        draft.newEmojiText = "🐹"
        let theme = try draft.validated()
        #expect(theme.emojis.last == "🐹")
        #expect(theme.removedEmojis.isEmpty)
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func blankNameIsRefused(name: String) {
        #expect(errors(of: draft(name: name)) == [.emptyName])
    }

    @Test func nameLengthIsBounded() throws {
        let longest = String(repeating: "x", count: ThemeDraft.maximumNameLength)
        #expect(try draft(name: longest).validated().name == longest)
        #expect(
            errors(of: draft(name: longest + "y")) == [.nameTooLong(maximum: ThemeDraft.maximumNameLength)])
    }

    @Test func nonEmojiTextIsRefusedWithWhatWasWrong() {
        #expect(errors(of: draft(newEmojiText: "🐹 dog <i>")) == [.notEmoji(["dog", "<i>"])])
    }

    @Test func tamperedKeptEmojiAreCheckedToo() {
        #expect(errors(of: draft(emojis: ["🐶", "🐱", "cat"], numberOfPairs: 2)) == [.notEmoji(["cat"])])
    }

    @Test(arguments: [[], ["🐶"], ["🐶", "🐶"]])
    func fewerThanTwoEmojiAreNotPlayable(emojis: [String]) {
        let count = Set(emojis).count
        #expect(
            errors(of: draft(emojis: emojis, numberOfPairs: nil)) == [.tooFewEmoji(minimum: 2, actual: count)]
        )
    }

    @Test func aThemeHoldsAtMostAHundredEmoji() throws {
        let animals = (0x1F400...0x1F43C).compactMap(Unicode.Scalar.init).map { String($0) }
        let faces = (0x1F600...0x1F637).compactMap(Unicode.Scalar.init).map { String($0) }
        let emojis = Array((animals + faces).prefix(101))
        #expect(emojis.count == 101)
        #expect(
            try draft(emojis: Array(emojis.prefix(100)), numberOfPairs: nil).validated().emojis.count == 100)
        #expect(
            errors(of: draft(emojis: emojis, numberOfPairs: 2)) == [.tooManyEmoji(maximum: 100, actual: 101)])
    }

    @Test(arguments: [1, 0, -5])
    func tooFewPairsAreRefused(pairs: Int) {
        #expect(errors(of: draft(numberOfPairs: pairs)) == [.tooFewPairs(minimum: 2, actual: pairs)])
        #expect(draft(numberOfPairs: pairs).pairsReducedTo == nil)
    }

    /// The seed: a theme asking for more pairs than it has emoji deals all its emoji.
    @Test(arguments: [4, 47, 100, Int.max])
    func morePairsThanEmojiComeDownToTheEmoji(pairs: Int) throws {
        let draft = draft(numberOfPairs: pairs)
        #expect(try draft.validated().numberOfPairs == 3)
        #expect(draft.pairsReducedTo == 3)
    }

    @Test(arguments: [2, 3])
    func pairsWithinRangeAreKept(pairs: Int) throws {
        #expect(try draft(numberOfPairs: pairs).validated().numberOfPairs == pairs)
        #expect(draft(numberOfPairs: pairs).pairsReducedTo == nil)
    }

    @Test func everyProblemIsReportedAtOnce() {
        let found = errors(of: draft(name: " ", emojis: ["🐶"], newEmojiText: "abc", numberOfPairs: 9))
        #expect(found == [.emptyName, .notEmoji(["abc"]), .tooFewEmoji(minimum: 2, actual: 1)])
    }

    @Test(arguments: [
        (ThemeValidationError.emptyName, "Give the theme a name."),
        (.nameTooLong(maximum: 40), "Keep the name to 40 characters or fewer."),
        (.notEmoji(["dog", "42"]), "Only emoji can be cards; these are not emoji: dog 42"),
        (.tooFewEmoji(minimum: 2, actual: 1), "A theme needs at least 2 emoji to be playable; it has 1."),
        (
            .tooManyEmoji(maximum: 100, actual: 120),
            "A theme can hold at most 100 emoji; it has 120. Remove some."
        ),
        (.tooFewPairs(minimum: 2, actual: 1), "A game needs at least 2 pairs, not 1."),
        (.repeatedEmoji(["🐶", "🐱"]), "Each emoji is in a theme once; already there: 🐶 🐱"),
    ])
    func messagesSayWhatToFix(error: ThemeValidationError, message: String) {
        #expect(error.description == message)
    }

    @Test(arguments: [
        (ThemeValidationError.emptyName, ThemeValidationError.ThemeField.name),
        (.nameTooLong(maximum: 40), .name),
        (.nameTooLarge(maximumBytes: 1600), .name),
        (.notEmoji(["dog"]), .emoji),
        (.repeatedEmoji(["🐶"]), .emoji),
        (.tooFewEmoji(minimum: 2, actual: 1), .emoji),
        (.tooManyEmoji(maximum: 100, actual: 120), .emoji),
        (.tooFewPairs(minimum: 2, actual: 1), .pairs),
        (.controlCharacters(field: .color), .color),
        (.controlCharacters(field: .name), .name),
        (.colorNameNotValid(maximum: 40), .color),
    ])
    func eachMessageNamesItsField(error: ThemeValidationError, field: ThemeValidationError.ThemeField) {
        #expect(error.field == field)
    }

    // MARK: - Control characters and color names

    @Test(arguments: ["Pe\u{0}ts", "Pets\u{1F}", "\u{7F}Pets", "Pe\u{85}ts"])
    func aNameWithAControlCharacterIsRefused(name: String) {
        #expect(errors(of: draft(name: name)) == [.controlCharacters(field: .name)])
    }

    @Test func tabsAndNewlinesAroundANameAreTrimmedNotRefused() throws {
        #expect(try draft(name: "\tPets\n").validated().name == "Pets")
    }

    @Test(arguments: [
        ThemeColor.named(""), .named("re\u{1}d"), .named(String(repeating: "x", count: 41)),
        .gradient(.named("red"), .named("")),
    ])
    func aColorNameMustBeShortPrintableText(color: ThemeColor) {
        var draft = draft()
        draft.color = color
        #expect(errors(of: draft) == [.colorNameNotValid(maximum: ThemeDraft.maximumColorNameLength)])
    }

    @Test(arguments: [
        ThemeColor.named("lavender"), .named("Sea green"), .gradient(.named("red"), .named("blue")),
    ])
    func anyShortColorNameIsAccepted(color: ThemeColor) throws {
        var draft = draft()
        draft.color = color
        #expect(try draft.validated().color == color)
    }

    @Test func controlCharactersAreWrittenAsCodePointsInMessages() {
        let message = ThemeValidationError.notEmoji(["a\u{0}", "\u{1F}"]).description
        #expect(message == "Only emoji can be cards; these are not emoji: aU+0000 U+001F")
    }

    // MARK: - Bytes as well as characters

    @Test func aNameOfFortyLettersHeapedWithMarksIsTooLarge() {
        let heaped = String(repeating: "e" + String(repeating: "\u{301}", count: 50), count: 40)
        #expect(heaped.count == 40)
        #expect(errors(of: draft(name: heaped)) == [.nameTooLarge(maximumBytes: ThemeDraft.maximumNameBytes)])
    }

    @Test func aNameOfFortyEmojiFits() throws {
        let name = String(repeating: "👩🏽‍❤️‍💋‍👨🏻", count: 40)
        #expect(try draft(name: name).validated().name == name)
    }

    @Test func aColorNameHeapedWithMarksIsRefused() {
        var draft = draft()
        draft.color = .named(String(repeating: "a" + String(repeating: "\u{301}", count: 10), count: 10))
        #expect(errors(of: draft) == [.colorNameNotValid(maximum: ThemeDraft.maximumColorNameLength)])
    }

    @Test func aDraftKeepsOnlyTheMostRecentRemovedEmoji() throws {
        var draft = draft()
        draft.removedEmojis = Fixtures.distinctEmoji(120)
        let theme = try draft.validated()
        #expect(theme.removedEmojis == Array(Fixtures.distinctEmoji(120).suffix(Theme.maximumRemovedEmojis)))
    }
}
