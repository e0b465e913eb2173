import MemorizeCore
import Testing

@Suite struct EmojiTextTests {
    @Test(arguments: ["🎃", "👍🏽", "🇫🇷", "👨‍👩‍👧", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️", "🕷️", "⚽"])
    func emojiAreAcceptedAsOne(emoji: String) {
        let parsed = EmojiText.parse(emoji)
        #expect(parsed.emojis == [emoji])
        #expect(parsed.rejected.isEmpty)
    }

    @Test(arguments: ["a", "1", "#", "*", "é", "中", "-", "<", "¿"])
    func textIsRefused(text: String) {
        let parsed = EmojiText.parse(text)
        #expect(parsed.emojis.isEmpty)
        #expect(parsed.rejected == [text])
    }

    @Test func textStyleSymbolsGetTheEmojiPresentation() {
        #expect(EmojiText.parse("❤").emojis == ["❤️"])
        #expect(EmojiText.parse("❤ ❤️").emojis == ["❤️"])
    }

    /// © and ™ are both emoji drawn as text by default: both are taken, as emoji.
    @Test(arguments: ["©", "®", "™", "‼", "↔"])
    func everyTextStyleEmojiIsTakenAlike(symbol: String) {
        let parsed = EmojiText.parse(symbol)
        #expect(parsed.emojis == [symbol + "\u{FE0F}"])
        #expect(parsed.rejected.isEmpty)
        #expect(EmojiText.parse(symbol + "\u{FE0F}").emojis == parsed.emojis)
    }

    @Test func repeatsAreNamedOnce() {
        #expect(EmojiText.parse("🐶🐱🐶 🐶 ❤ ❤️").repeated == ["🐶", "❤️"])
        #expect(EmojiText.parse("🐶🐱").repeated.isEmpty)
    }

    @Test func severalAtOnceKeepTheirOrderAndCollapseRepeats() {
        let parsed = EmojiText.parse("🐶🐱 🐶, 👍🏽👍🏽👍🏻\n🇫🇷🇫🇷")
        #expect(parsed.emojis == ["🐶", "🐱", "👍🏽", "👍🏻", "🇫🇷"])
        #expect(parsed.rejected.isEmpty)
    }

    @Test func rejectedTextIsReportedInRuns() {
        let parsed = EmojiText.parse("🐶cat 🐱<b>x</b>, 42🦊")
        #expect(parsed.emojis == ["🐶", "🐱", "🦊"])
        #expect(parsed.rejected == ["cat", "<b>x</b>", "42"])
    }

    @Test func emptyAndBlankTextHoldNothing() {
        for text in ["", " ,\n\t"] {
            let parsed = EmojiText.parse(text)
            #expect(parsed.emojis.isEmpty && parsed.rejected.isEmpty)
        }
    }

    // MARK: - Size

    @Test(arguments: ["👩🏽‍❤️‍💋‍👨🏻", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👨‍👩‍👧‍👦", "🧑🏿‍🤝‍🧑🏻"])
    func theLongestStandardSequencesAreOneEmoji(emoji: String) {
        #expect(emoji.utf8.count <= EmojiText.maximumBytes)
        #expect(EmojiText.parse(emoji).emojis == [emoji])
    }

    @Test func anEmojiHeapedWithCombiningMarksIsRefused() {
        let heaped = "🐸" + String(repeating: "\u{301}", count: 40)
        #expect(heaped.count == 1)
        let parsed = EmojiText.parse(heaped)
        #expect(parsed.emojis.isEmpty)
        #expect(parsed.rejected == [heaped])
    }
}
