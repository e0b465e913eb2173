import Mustache
import SetCore

/// "Play with friends": the name to show the others, and the button that makes the room.
struct RoomNewPage: PageModel {
    static let template = "room-new"

    let title = "Play with friends · CardTable"
    /// `set` or `memorize`.
    let game: String
    /// The Memorize theme the room copies.
    let themeID: String?
    /// "Set" or "Memorize".
    let gameName: String
    let createURL = RoomRoute.create.path
    let chooserURL = ThemesRoute.chooser().path
    /// The name the field starts with: the player's own, if they chose one.
    let name: String?
    /// The name sent back, with what was wrong with it.
    let nameProblem: FieldProblem?
    /// For a Set room, the modes the host may choose (Normal unless sent back with another).
    let modeChoices: [SetModeChoice]
    /// Whether the host chooses a mode (a Set room).
    let hasModes: Bool

    init(
        game: Room.Game, themeID: ThemeID?, mode: SetVariant? = nil, name: DisplayName? = nil,
        nameProblem: FieldProblem? = nil
    ) {
        self.game = game.rawValue
        modeChoices = game == .set ? SetModeChoice.all(current: mode ?? .normal) : []
        hasModes = !modeChoices.isEmpty
        self.themeID = themeID?.description
        gameName = game == .set ? "Set" : "Memorize"
        self.name = name?.text
        self.nameProblem = nameProblem
    }
}

extension RoomNewPage: MustacheParent {
    /// The values the templates name, found without reflection.
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "game": game
        case "themeID": themeID
        case "gameName": gameName
        case "createURL": createURL
        case "chooserURL": chooserURL
        case "name": name
        case "nameProblem": nameProblem
        case "modeChoices": modeChoices
        case "hasModes": hasModes
        default: nil
        }
    }
}
