import Foundation
import HTTPTypes
import MemorizeCore
import Testing

@testable import CardTableBasics
@testable import CardTableStorage
@testable import CardTableWeb

@Suite struct ThemePagesTests {
    static let script = "<script>alert(1)</script>"

    /// The editor's form for `theme`, as the page would post it.
    static func form(
        name: String, emojis: String, removed: String = "", order: String? = nil, newEmoji: String = "",
        pairs: String = "", button: (String, String) = ("save", "1")
    ) -> [(String, String)] {
        [
            ("name", name), ("emojis", emojis), ("removed", removed), ("newEmoji", newEmoji),
            ("pairs", pairs),
        ] + (order.map { [("order", $0)] } ?? []) + [
            ("colorKind", "named"), ("colorName", "purple"), ("colorHex", "#ff8800"),
            ("gradientFrom", "#ff0000"), ("gradientTo", "#0000ff"), button,
        ]
    }

    /// The editor's answer to `button` pressed on the form `editor` shows (with `typed` in the
    /// add field instead, when given).
    static func press(
        _ button: (String, String), on editor: ChooserJSON.Editor, typing typed: String? = nil,
        of browser: Browser,
        at path: String
    ) async throws -> ChooserJSON.Editor {
        let form = Self.form(
            name: editor.name, emojis: editor.emojisField, removed: editor.removedField,
            order: editor.orderField,
            newEmoji: typed ?? editor.newEmoji, pairs: editor.pairs, button: button)
        return try #require(
            try await browser.post(path, form: form, json: true).decode(ChooserJSON.self).editor)
    }

    @Test func chooserListsThemesWithCountsColorsAndEmoji() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let page = try await browser.get("/").text
            #expect(page.contains("Halloween"))
            #expect(page.contains("16 cards · orange"))
            #expect(page.contains("👻 🎃"))
            #expect(page.contains("/play/random"))
            #expect(page.contains("class=\"theme-row theme-color-"))
            #expect(page.contains("<link rel=\"stylesheet\" href=\"/styles/colors/"))
        }
    }

    /// The limit is said beside the field, not enforced by `maxlength`, which would cut a pasted
    /// name silently (and counts UTF-16 units: twenty emoji).
    @Test func editorSaysTheModelsNameLimit() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let page = try await browser.get("/themes/new").text
            #expect(page.contains("Up to \(ThemeDraft.maximumNameLength) characters."))
            #expect(!page.contains("maxlength"))
            let json = try await browser.get("/themes/new", json: true).decode(ChooserJSON.self)
            let editor = try #require(json.editor)
            #expect(editor.maximumNameLength == ThemeDraft.maximumNameLength)
        }
    }

    @Test func editorTitlesNameTheTheme() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            #expect(
                try await browser.get("/themes/new").text.contains("<title>New theme · CardTable</title>"))
            let edit = try await browser.get("/themes/\(theme.id)/edit").text
            #expect(edit.contains("<title>Edit \(theme.theme.name) · CardTable</title>"))
            #expect(try await browser.get("/").text.contains("<title>CardTable</title>"))
        }
    }

    @Test func scriptNameShowsAsTextEverywhere() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.post(
                "/themes", form: Self.form(name: Self.script, emojis: "🐸 🦄"))
            #expect(response.status == .seeOther)
            let saved = try #require(try await session.store.themes(of: browser.player).last)
            #expect(saved.theme.name == Self.script)
            for uri in ["/", "/?edit=1", "/themes/\(saved.id)/edit", "/play/\(saved.id)"] {
                let page = try await browser.get(uri).text
                #expect(!page.contains(Self.script), "\(uri)")
                #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(uri)")
            }
        }
    }

    /// A missing theme's page says what may have happened and what to do, with a way back.
    @Test(arguments: ["/play/12345", "/themes/12345/edit", "/themes/12345.json"])
    func aMissingThemeSaysWhatToDo(path: String) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.get(path)
            #expect(response.status == .notFound)
            #expect(
                response.text.contains(
                    "it may have been deleted, or the address is mistyped. Choose one from your themes."))
        }
    }

    @Test func addingEmojiRefusesNonEmojiAndNamesRepeats() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.post(
                "/themes",
                form: Self.form(name: "Frogs", emojis: "🐸", newEmoji: "🦄🐸 abc 🐝", button: ("add", "1")),
                json: true)
            #expect(response.status == .unprocessableContent)
            let editor = try #require(try response.decode(ChooserJSON.self).editor)
            #expect(editor.emojisField == "🐸 🦄 🐝")
            #expect(editor.newEmoji == "abc")
            #expect(
                editor.errors == [
                    "Each emoji is in a theme once; already there: 🐸",
                    "Only emoji can be cards; these are not emoji: abc",
                ])
            #expect(editor.name == "Frogs")
        }
    }

    @Test func removingAndRestoringEmojiBeforeSaving() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let removed = try await browser.post(
                "/themes/\(theme.id)",
                form: Self.form(name: "Halloween", emojis: "👻 🎃 🕷️", pairs: "3", button: ("remove", "🎃")),
                json: true
            ).decode(ChooserJSON.self)
            let editor = try #require(removed.editor)
            #expect(editor.emojisField == "👻 🕷️")
            #expect(editor.removedField == "🎃")
            #expect(editor.pairs == "2")
            // Nothing is saved until Save.
            #expect(try await session.store.theme(theme.id, of: browser.player) == theme)

            let restored = try await browser.post(
                "/themes/\(theme.id)",
                form: Self.form(name: "Halloween", emojis: "👻 🕷️", removed: "🎃", button: ("restore", "🎃")),
                json: true
            ).decode(ChooserJSON.self)
            let after = try #require(restored.editor)
            #expect(after.emojisField == "👻 🕷️ 🎃")
            #expect(after.removedField == "")
        }
    }

    /// Removed emoji go back where they stood, however they are removed and restored, by form posts
    /// alone.
    @Test func restoredEmojiGoBackWhereTheyStood() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let path = "/themes/\(theme.id)"
            var editor = try #require(
                try await browser.get("\(path)/edit", json: true).decode(ChooserJSON.self).editor)
            let original = editor.emojisField
            let emojis = original.split(separator: " ").map(String.init)
            for emoji in [emojis[1], emojis[0], emojis[2]] {
                editor = try await Self.press(("remove", emoji), on: editor, of: browser, at: path)
            }
            #expect(editor.emojisField != original)
            for emoji in [emojis[2], emojis[1], emojis[0]] {
                editor = try await Self.press(("restore", emoji), on: editor, of: browser, at: path)
            }
            #expect(editor.emojisField == original)
            #expect(editor.removedField == "")
        }
    }

    /// Text that is not emoji is said for as long as it stays in the add field, whatever is pressed.
    @Test func nonEmojiInTheAddFieldIsSaidUntilItIsGone() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let notEmoji = "Only emoji can be cards; these are not emoji: abc"
            var editor = try #require(
                try await browser.post(
                    "/themes",
                    form: Self.form(name: "Frogs", emojis: "🐸 🦄 🐝", newEmoji: "abc", button: ("add", "1")),
                    json: true
                ).decode(ChooserJSON.self).editor)
            #expect(editor.errors == [notEmoji])
            editor = try await Self.press(("remove", "🦄"), on: editor, of: browser, at: "/themes")
            #expect(editor.newEmoji == "abc")
            #expect(editor.errors == [notEmoji])
            editor = try await Self.press(("restore", "🦄"), on: editor, of: browser, at: "/themes")
            #expect(editor.errors == [notEmoji])
            #expect(editor.emojisField == "🐸 🦄 🐝")
            let cleared = try await Self.press(
                ("remove", "🐝"), on: editor, typing: "", of: browser, at: "/themes")
            #expect(cleared.errors.isEmpty)
        }
    }

    @Test func savingAChangedThemeRestartsItsGameAndKeepsRemovedEmoji() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            _ = try await browser.post("/play/\(theme.id)/choose/1")
            let response = try await browser.post(
                "/themes/\(theme.id)",
                form: Self.form(name: "Spooky", emojis: "👻 🕷️ 💀", removed: "🎃", pairs: "2"))
            #expect(response.status == .seeOther)
            let saved = try #require(try await session.store.theme(theme.id, of: browser.player))
            #expect(saved.theme.name == "Spooky")
            #expect(saved.theme.removedEmojis == ["🎃"])
            #expect(saved.theme.numberOfPairs == 2)
            #expect(saved.theme.color == .named("purple"))
            #expect(try await session.store.memorizeGame(in: .theme(theme.id), for: browser.player) == nil)
        }
    }

    @Test func invalidInputKeepsWhatWasTypedAndSaysWhatToFix() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let response = try await browser.post(
                "/themes", form: Self.form(name: "  ", emojis: "🐸", pairs: "7"))
            #expect(response.status == .unprocessableContent)
            let page = response.text
            #expect(page.contains("Give the theme a name."))
            #expect(page.contains("at least 2 emoji"))
            #expect(page.contains("value=\"7\""))
            #expect(try await session.store.themes(of: browser.player).count == Theme.builtIn.count)
        }
    }

    @Test func deleteThenUndo() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let deleted = try await browser.post("/themes/\(theme.id)/delete")
            #expect(deleted.status == .seeOther)
            let location = try #require(deleted.headers[.location])
            let page = try await browser.get(location).text
            #expect(page.contains("Deleted “Halloween”"))
            #expect(try await session.store.theme(theme.id, of: browser.player) == nil)
            _ = try await browser.post("/themes/\(theme.id)/undo-delete")
            #expect(try await session.store.themes(of: browser.player).first?.theme == theme.theme)
        }
    }

    @Test func moveReordersTheList() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let themes = try await session.store.themes(of: browser.player)
            let json = try await browser.post("/themes/\(themes[0].id)/move", form: [("to", "2")], json: true)
                .decode(ChooserJSON.self)
            let names = json.rows.map(\.theme.name)
            #expect(
                Array(names.prefix(3)) == [themes[1].theme.name, themes[2].theme.name, themes[0].theme.name])
        }
    }

    @Test func themeDownloadsAsJSONAndUploadsBack() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let theme = try #require(try await session.store.themes(of: browser.player).first)
            let download = try await browser.get("/themes/\(theme.id).json")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"halloween.json\"")
            let decoded = try JSONDecoder().decode(Theme.self, from: Data(buffer: download.body))
            #expect(decoded == theme.theme)

            let created = try await browser.postJSON("/themes", body: download.text)
            #expect(created.status == .ok)
            #expect(try await session.store.themes(of: browser.player).last?.theme == theme.theme)

            let invalid = try await browser.postJSON(
                "/themes", body: #"{"name":"x","emojis":["a"],"color":"red"}"#)
            #expect(invalid.status == .unprocessableContent)
        }
    }

    @Test func unknownColorNameFallsBackToGray() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let body = #"{"name":"Fuchsia","emojis":["🐸","🦄"],"color":"fuchsia"}"#
            _ = try await browser.postJSON("/themes", body: body)
            let page = try await browser.get("/").text
            #expect(page.contains("fuchsia (shown as gray)"))
            #expect(page.contains("theme-color-6c757d"))
        }
    }

    @Test func everythingSurvivesARestart() async throws {
        try await withTemporaryDatabase { path in
            let store = { try SQLiteDatabase(.file(path: path)) }
            let (cookie, themeID): (String, ThemeID) = try await withTestApp(store: try store()) { session in
                let browser = try await session.newPlayer()
                let theme = try #require(try await session.store.themes(of: browser.player).first)
                _ = try await browser.post(
                    "/themes/\(theme.id)", form: Self.form(name: "Kept", emojis: "👻 🕷️ 💀", removed: "🎃"))
                _ = try await browser.post("/play/\(theme.id)/choose/2")
                return (browser.cookie, theme.id)
            }
            try await withTestApp(store: try store()) { session in
                let player = try #require(PlayerID(cookie: cookie))
                let browser = Browser(client: session.client, cookie: cookie, player: player)
                let editor = try await browser.get("/themes/\(themeID)/edit").text
                #expect(editor.contains("Kept"))
                #expect(editor.contains("Restore 🎃"))
                let game = try await browser.get("/play/\(themeID)", json: true).decode(MemorizePageJSON.self)
                #expect(game.cards[1].isFaceUp)
            }
        }
    }
}
