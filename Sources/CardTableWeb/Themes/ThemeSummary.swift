import CardTableBasics
import MemorizeCore
import Mustache
import TemplateFields

/// A theme as a row of the chooser (and the heading of a game) shows it.
@TemplateFields
struct ThemeSummary: Encodable, Hashable, Sendable {
    let id: Int64
    let name: String
    let color: ThemeColorStyle
    let emojiCount: Int
    let pairs: Int
    let cardCount: Int
    /// "16 cards"
    let cardCountText: String
    /// A few of the theme's emoji, to show what it looks like.
    let sampleEmojis: String
    let playURL: String
    let editURL: String
    let downloadURL: String
    let deleteURL: String
    let moveURL: String

    /// How many emoji a row shows.
    static let sampleSize = 6

    /// The summary of `saved`, made once per distinct theme: every visitor's list shows the
    /// same built-ins.
    static func of(_ saved: SavedTheme) -> ThemeSummary {
        summaries.value(for: saved, ThemeSummary.init)
    }

    private static let summaries = Memo<SavedTheme, ThemeSummary>(capacity: 2048)

    init(_ saved: SavedTheme) {
        let theme = saved.theme
        id = saved.id.rawValue
        name = theme.name
        color = ThemeColorStyle(theme.color)
        emojiCount = theme.emojis.count
        pairs = theme.pairsInGame
        cardCount = theme.cardsInGame
        cardCountText = "\(theme.cardsInGame) cards"
        sampleEmojis = theme.emojis.prefix(Self.sampleSize).joined(separator: " ")
        playURL = MemorizeRoute.game(.theme(saved.id)).path
        editURL = ThemesRoute.edit(saved.id).path
        downloadURL = ThemesRoute.download(saved.id).path
        deleteURL = ThemesRoute.delete(saved.id).path
        moveURL = ThemesRoute.move(saved.id).path
    }
}
