import Mustache
import TemplateFields

/// A level in a menu of computer opponents' levels (the room page's, and Play against the
/// computer's).
@TemplateFields
struct BotLevelChoice: Encodable, Sendable {
    let value: String
    let label: String
    let isSelected: Bool

    /// Every level, `selected` chosen.
    static func all(selected: BotLevel = .casual) -> [BotLevelChoice] {
        BotLevel.allCases.map {
            BotLevelChoice(value: $0.rawValue, label: $0.title, isSelected: $0 == selected)
        }
    }
}
