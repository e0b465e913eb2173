import Mustache
import SetCore

/// One mode New Game offers: a radio button with the mode's name and rule.
struct SetModeChoice: Encodable, Sendable {
    /// The form value: `normal`, `junior`, `chain` or `ultra`.
    let value: String
    let title: String
    let rule: String
    /// Whether the game on the table is in this mode (the button starts chosen).
    let isCurrent: Bool

    /// Every mode, `current` chosen.
    static func all(current: SetVariant) -> [SetModeChoice] {
        SetVariant.allCases.map {
            SetModeChoice(value: $0.rawValue, title: $0.title, rule: $0.rule, isCurrent: $0 == current)
        }
    }
}

extension SetModeChoice: MustacheParent {
    /// The values the templates name, found without reflection.
    func child(named key: String) -> Any? {
        switch key {
        case "value": value
        case "title": title
        case "rule": rule
        case "isCurrent": isCurrent
        default: nil
        }
    }
}
