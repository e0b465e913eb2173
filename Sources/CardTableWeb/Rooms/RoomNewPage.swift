import CardTableBasics
import Mustache
import SetCore
import TemplateFields

/// "Play with friends": the name to show the others, whether to list the room under Open rooms,
/// and the button that makes the room. Quick play asks for the name on it too, for a player who
/// has none yet.
@TemplateFields
struct RoomNewPage: PageModel {
    static let template = "room-new"

    let title: String
    let heading: String
    let intro: String
    /// `set` or `memorize`.
    let game: String
    /// The Memorize theme the room copies.
    let themeID: String?
    /// "Set" or "Memorize".
    let gameName: String
    /// Where the form posts: making a room, or Quick play.
    let formURL: String
    let buttonText: String
    /// Whether the form offers to list the room under Open rooms (not Quick play, which does).
    let offersOpen: Bool
    let openRoomsURL = LobbyRoute.list.path
    let chooserURL = ThemesRoute.chooser().path
    /// The name the field starts with: the player's own, if they chose one.
    let name: String?
    /// The name sent back, with what was wrong with it.
    let nameProblem: FieldProblem?
    /// For a Set room, the modes the host may choose (Normal unless sent back with another).
    let modeChoices: [SetModeChoice]
    /// Whether the host chooses a mode (a Set room).
    let hasModes: Bool
    /// For a Memorize room, how fast it plays: live (unless sent back with the other) or a turn
    /// a day.
    let paceChoices: [PaceChoice]
    /// Whether the host chooses the pace (a Memorize room; Set is a race).
    let hasPaces: Bool
    /// Why the room could not be listed (the host lists as many as one may), beside the box.
    let openProblem: FieldProblem?
    /// Whether the form offers a rated room (not Quick play, whose tables are casual).
    let offersRated: Bool
    /// Whether the rated box starts ticked (sent back with it ticked).
    let isRated: Bool
    let leaderboardURL = RatingsRoute.leaderboard(nil).path
    /// For a Memorize room opened without a theme (*Invite to a room*), the player's themes to
    /// choose from, the first chosen.
    let themeChoices: [ThemeChoice]
    /// Whether the form asks for a theme.
    let choosesTheme: Bool
    /// A Memorize room with no theme named and none to choose: the player deleted them all.
    let lacksThemes: Bool

    /// One of the paces a Memorize room may play at.
    @TemplateFields
    struct PaceChoice: Encodable, Sendable {
        let value: String
        let title: String
        let summary: String
        let isCurrent: Bool

        static func all(current: RoomPace) -> [PaceChoice] {
            RoomPace.allCases.map { pace in
                PaceChoice(
                    value: pace.rawValue, title: pace.label,
                    summary: pace == .live
                        ? "Everyone at the table at once."
                        : "Up to a day for each move, no page to keep open; turn on notifications to hear when it is your turn.",
                    isCurrent: pace == current)
            }
        }
    }

    /// One of the themes a Memorize room may copy.
    struct ThemeChoice: Encodable, Sendable {
        let id: String
        let name: String
        let isSelected: Bool
    }

    init(
        game: CardGame, themeID: ThemeID?, mode: SetVariant? = nil, rated: Bool = false,
        pace: RoomPace? = nil, name: DisplayName? = nil,
        nameProblem: FieldProblem? = nil, openProblem: FieldProblem? = nil, themes: [SavedTheme] = []
    ) {
        let asksTheme = game == .memorize && themeID == nil
        themeChoices =
            asksTheme
            ? themes.enumerated().map { index, saved in
                ThemeChoice(id: saved.id.description, name: saved.theme.name, isSelected: index == 0)
            } : []
        choosesTheme = !themeChoices.isEmpty
        lacksThemes = asksTheme && themes.isEmpty
        self.game = game.rawValue
        modeChoices = game == .set ? SetModeChoice.all(current: mode ?? .normal) : []
        hasModes = !modeChoices.isEmpty
        paceChoices = game == .memorize ? PaceChoice.all(current: pace ?? .live) : []
        hasPaces = !paceChoices.isEmpty
        self.themeID = themeID?.description
        gameName = game == .set ? "Set" : "Memorize"
        title = "Play with friends · CardTable"
        heading = "Play \(gameName) with friends"
        intro =
            "Everyone plays on their own phone or computer at one shared table. You get a link, a code to "
            + "read out and a QR code; friends join with a name, and you start the game."
        formURL = RoomRoute.create.path
        buttonText = "Make a room"
        offersOpen = true
        offersRated = true
        isRated = rated
        self.name = name?.text
        self.nameProblem = nameProblem
        self.openProblem = openProblem
    }

    /// Quick play's question for a player without a name: which name to sit down under.
    init(quickPlayNameProblem nameProblem: FieldProblem?) {
        game = CardGame.set.rawValue
        themeID = nil
        gameName = "Set"
        title = "Quick play · CardTable"
        heading = "Quick play"
        intro =
            "You sit down at an open Set table that is waiting for players, or open one and wait there "
            + "for others. Which name should they see?"
        formURL = LobbyRoute.quickPlay.path
        buttonText = "Find a table"
        offersOpen = false
        offersRated = false
        isRated = false
        // NB: Quick play seats players at Normal Set, the table most are waiting at.
        modeChoices = []
        hasModes = false
        paceChoices = []
        hasPaces = false
        themeChoices = []
        choosesTheme = false
        lacksThemes = false
        name = nil
        self.nameProblem = nameProblem
        openProblem = nil
    }
}
