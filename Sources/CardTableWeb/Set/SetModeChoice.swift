import Mustache
import SetCore
import TemplateFields

/// One mode New Game offers: a radio button with the mode's name and what it is, in a few words.
@TemplateFields
struct SetModeChoice: Encodable, Hashable, Sendable {
    /// The form value: `normal`, `junior`, `chain` or `ultra`.
    let value: String
    let title: String
    /// The mode in a few words.
    let summary: String
    /// Whether the game on the table is in this mode (the button starts chosen).
    let isCurrent: Bool

    /// Every mode, `current` chosen.
    static func all(current: SetVariant) -> [SetModeChoice] {
        SetVariant.allCases.map {
            SetModeChoice(value: $0.rawValue, title: $0.title, summary: $0.summary, isCurrent: $0 == current)
        }
    }
}

/// The Options panel's list of modes (`set-mode-options.mustache`): one of four, by the mode on the
/// table, so the page draws it from a remembered fragment.
@TemplateFields
struct SetModeMenu: Hashable, Sendable {
    static let template = "set-mode-options"

    let modeChoices: [SetModeChoice]
}
