import Mustache
import TemplateFields

/// The theme as the game page names it: no emoji, so the page gives nothing away about the
/// cards still face down.
@TemplateFields
struct MemorizeHeading: Encodable, Sendable {
    let id: Int64
    let name: String
    let color: ThemeColorStyle
    let downloadURL: String

    init(_ saved: SavedTheme) {
        id = saved.id.rawValue
        name = saved.theme.name
        color = ThemeColorStyle(saved.theme.color)
        downloadURL = ThemesRoute.download(saved.id).path
    }
}
