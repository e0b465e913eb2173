import Foundation
import HTTPTypes
import MemorizeCore
import Testing

@testable import CardTableWeb

/// What a player can keep is bounded, with a message when a bound is met, never a silent cut.
@Suite struct LimitTests {
    /// `count` different emoji, in code point order.
    static func distinctEmoji(_ count: Int) -> [String] {
        let scalars = (0x1F300...0x1FAFF).lazy.compactMap(Unicode.Scalar.init)
            .filter(\.properties.isEmojiPresentation)
        return Array(scalars.prefix(count).map { String($0) })
    }

    @Test func theEditorAddsEmojiUpToTheLimitAndKeepsTheRestInTheField() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let emoji = Self.distinctEmoji(130)
            let kept = emoji.prefix(95).joined(separator: " ")
            let typed = emoji.suffix(35).joined()
            let response = try await browser.post(
                "/themes", form: [("name", "Many"), ("emojis", kept), ("newEmoji", typed), ("add", "1")])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("A theme can hold at most 100 emoji: 30 were not added."))
            let chips = response.text.components(separatedBy: "class=\"chip\"").count - 1
            #expect(chips == ThemeDraft.maximumEmojiCount)
            #expect(response.text.contains("value=\"\(emoji.suffix(30).joined(separator: " "))\""))
        }
    }

    @Test func aPlayerKeepsAtMostAHundredThemes() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = Theme(name: "Frogs", emojis: ["🐸", "🦄"], color: "green")
            while try await session.store.themes(of: browser.player).count
                < ThemeList.maximumCount
            {
                _ = try await session.store.addTheme(theme, for: browser.player)
            }
            let form = [("name", "One more"), ("emojis", "🐸 🦄"), ("save", "1")]
            let refused = try await browser.post("/themes", form: form)
            #expect(refused.status == .unprocessableContent)
            #expect(
                refused.text.contains(
                    "You keep 100 themes, the most one player can: delete one to add another."))
            let json = try await browser.postJSON(
                "/themes", body: #"{"name": "One more", "emojis": ["🐸", "🦄"], "color": "red"}"#)
            #expect(json.status == .unprocessableContent)
            #expect(
                try await session.store.themes(of: browser.player).count
                    == ThemeList.maximumCount)

            let first = try #require(try await session.store.themes(of: browser.player).first)
            _ = try await session.store.deleteTheme(first.id, for: browser.player)
            #expect(try await browser.post("/themes", form: form).status == .seeOther)
        }
    }
}
