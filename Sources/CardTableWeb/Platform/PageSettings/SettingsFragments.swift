import Mustache
import TemplateFields

/// The parts of a page that the player's settings draw: the appearance's colors in the head and
/// its button in the top bar (`layout.mustache`), and the game pages' sound toggle. Each depends
/// on its setting alone, so it is rendered once per setting, when the renderer starts, rather
/// than tag by tag for every page.
struct SettingsFragments: Sendable {
    private let appearanceHead: [Appearance: String]
    private let appearanceToggle: [Appearance: String]
    private let soundToggle: [Sound: String]

    /// Renders every setting's parts with `library`'s templates.
    /// - Throws: ``PageRenderer/MissingTemplate`` when one of them is not among the resources.
    init(library: MustacheLibrary) throws {
        func render(_ template: String, _ values: [String: String]) throws -> String {
            guard let text = library.render(values, withTemplate: template) else {
                throw PageRenderer.MissingTemplate(name: template, neededBy: "SettingsFragments")
            }
            return text
        }
        var head: [Appearance: String] = [:]
        var toggle: [Appearance: String] = [:]
        for appearance in Appearance.allCases {
            let values = PageAppearance(appearance: appearance).templateValues
            head[appearance] = try render("appearance-head", values)
            toggle[appearance] = try render("appearance-toggle", values)
        }
        (appearanceHead, appearanceToggle) = (head, toggle)
        var sound: [Sound: String] = [:]
        for setting in Sound.allCases {
            sound[setting] = try render("sound-toggle", setting.templateValues)
        }
        soundToggle = sound
    }

    /// What the templates of a page drawn with `appearance` and `sound` read.
    func values(appearance: Appearance, sound: Sound) -> SettingsValues {
        SettingsValues(
            appearance: appearance.rawValue, appearanceHeadHTML: appearanceHead[appearance] ?? "",
            appearanceToggleHTML: appearanceToggle[appearance] ?? "",
            soundToggleHTML: soundToggle[sound] ?? "")
    }
}

/// The settings' values a page's templates read, found before the page's own.
@TemplateFields
struct SettingsValues {
    /// `system`, `light` or `dark`, on `<html data-appearance>`.
    let appearance: String
    let appearanceHeadHTML: String
    let appearanceToggleHTML: String
    let soundToggleHTML: String
}
