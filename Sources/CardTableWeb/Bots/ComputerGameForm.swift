import CardTableBasics
import Mustache
import SetCore
import TemplateFields

/// *Play against the computer*, in a game's Options: the level and number of computer
/// opponents, which make a room of the player and bots whose game starts at once
/// (`computer-game.mustache`).
@TemplateFields
struct ComputerGameForm: Encodable, Sendable {
    /// How many opponents the form offers, the first chosen.
    @TemplateFields
    struct Count: Encodable, Sendable {
        let value: Int
        let isSelected: Bool
    }

    let url = RoomRoute.create.path
    let game: String
    /// The Memorize theme the room plays.
    let themeID: String?
    /// The Set mode the room plays.
    let mode: String?
    let levels = BotLevelChoice.all()
    let counts = (1...3).map { Count(value: $0, isSelected: $0 == 1) }

    /// The form for a Set game in `variant`.
    static func set(_ variant: SetVariant) -> ComputerGameForm {
        ComputerGameForm(game: CardGame.set.rawValue, themeID: nil, mode: variant.rawValue)
    }

    /// The form for Memorize with the theme numbered `themeID`.
    static func memorize(_ themeID: ThemeID) -> ComputerGameForm {
        ComputerGameForm(game: CardGame.memorize.rawValue, themeID: themeID.description, mode: nil)
    }
}
