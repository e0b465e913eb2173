import Mustache
import TemplateFields

/// What the theme chooser (the home page) shows: the player's themes, the random-theme entry,
/// and, in Edit mode, the controls to delete, reorder and edit them.
@TemplateFields
struct ChooserPage: PageModel {
    static let template = "chooser"

    /// One row of the list.
    @TemplateFields
    struct Row: Encodable, Hashable, Sendable {
        let theme: ThemeSummary
        /// 0-based place in the list.
        let index: Int
        let canMoveUp: Bool
        let canMoveDown: Bool
        let upIndex: Int
        let downIndex: Int
    }

    /// A row as `chooser-row.mustache` draws it: alone, so it says whether the list is in Edit mode.
    struct ListedRow: Hashable, Sendable, MustacheParent {
        static let template = "chooser-row"

        let row: Row
        let isEditing: Bool

        func child(named key: String) -> Any? {
            key == "isEditing" ? isEditing : row.child(named: key)
        }
    }

    /// The offer to bring back deleted built-in themes.
    @TemplateFields
    struct RestoreOffer: Encodable, Sendable {
        let url: String
        /// The button's words ("Restore 2 built-in themes").
        let label: String
    }

    /// The "deleted … Undo" notice after a deletion.
    @TemplateFields
    struct DeletedNotice: Encodable, Sendable {
        let name: String
        let undoURL: String
    }

    let title: String
    let isEditing: Bool
    let rows: [Row]
    let hasThemes: Bool
    let randomURL: String
    let newThemeURL: String
    let editModeURL: String
    let doneURL: String
    /// The Set page, the other game.
    let setURL: String
    /// Making a Set room to play with friends.
    let friendsURL = RoomRoute.new(game: .set, themeID: nil).path
    let dailyURL = DailyRoute.today.path
    /// A seat at an open Set table, and the list of open rooms.
    let quickPlayURL = LobbyRoute.quickPlay.path
    let openRoomsURL = LobbyRoute.list.path
    let statsURL = StatsRoute.page.path
    /// Where the room code a friend read out leads.
    let findRoomURL = RoomRoute.find.path
    /// The player's games under way, and in how many it is their turn ("Your turn in 2 games";
    /// nil in none).
    let yourGamesURL = YourGamesRoute.mine.path
    var yourTurnText: String?
    /// A player's devices, and the way to link another.
    let devicesURL = DevicesRoute.page.path
    /// Where a code from another device is sent (a code that links nothing is sent back on
    /// the devices page, beside its own form).
    let linkDeviceURL = DevicesRoute.link.path
    /// A code that found no room, sent back with what was wrong with it.
    let findRoomProblem: FieldProblem?
    let deleted: DeletedNotice?
    /// Says that a theme could not be read and was set aside; `nil` when none was.
    let setAsideNotice: String?
    let editor: EditorPanel?
    /// Shown in Edit mode, and with an empty list, when the player deleted built-in themes.
    let restoreBuiltIns: RestoreOffer?
    /// The generated stylesheet with every row's theme color and the editor's preview color.
    let colorStylesheetURL: String

    init(
        themes: [SavedTheme], isEditing: Bool, deleted: SavedTheme? = nil, setAsideCount: Int = 0,
        missingBuiltInCount: Int = 0, editor: ThemeEditorState? = nil, findRoomProblem: FieldProblem? = nil
    ) {
        let panel = editor.map(EditorPanel.init)
        title =
            panel.map { $0.heading + " · CardTable" }
            ?? (isEditing ? "Edit themes · CardTable" : "CardTable")
        self.isEditing = isEditing || editor != nil
        rows = themes.enumerated().map { index, saved in
            Row(
                theme: ThemeSummary.of(saved), index: index, canMoveUp: index > 0,
                canMoveDown: index < themes.count - 1, upIndex: index - 1, downIndex: index + 1)
        }
        hasThemes = !themes.isEmpty
        randomURL = MemorizeRoute.game(.random).path
        newThemeURL = ThemesRoute.newTheme.path
        editModeURL = ThemesRoute.chooser(editing: true).path
        doneURL = ThemesRoute.chooser().path
        setURL = SetRoute.page.path
        self.deleted = deleted.map {
            DeletedNotice(name: $0.theme.name, undoURL: ThemesRoute.undoDelete($0.id).path)
        }
        setAsideNotice =
            switch setAsideCount {
            case 0: nil
            case 1: "A theme could not be read and was set aside."
            default: "\(setAsideCount) themes could not be read and were set aside."
            }
        self.editor = panel
        self.findRoomProblem = findRoomProblem
        restoreBuiltIns =
            switch missingBuiltInCount {
            case _ where !self.isEditing && !themes.isEmpty: nil
            case 0: nil
            case 1: RestoreOffer(url: ThemesRoute.restoreBuiltIns.path, label: "Restore 1 built-in theme")
            default:
                RestoreOffer(
                    url: ThemesRoute.restoreBuiltIns.path,
                    label: "Restore \(missingBuiltInCount) built-in themes")
            }
        colorStylesheetURL = ThemeColorStyle.stylesheetURL(
            forClasses: rows.map(\.theme.color.className) + [panel?.preview.className].compactMap { $0 })
    }
}

extension ChooserPage {
    /// The rows: a player's list changes seldom, and new visitors all see the same built-ins.
    func fragments(from renderer: PageRenderer) -> KeyValuePairs<String, String> {
        [
            "rowsHTML": renderer.fragments(
                ListedRow.template, for: rows.map { ListedRow(row: $0, isEditing: isEditing) })
        ]
    }
}
