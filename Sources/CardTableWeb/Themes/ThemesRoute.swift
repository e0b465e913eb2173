import CardTableHTTP
import HTTPTypes

/// Every address of the theme chooser and editor.
enum ThemesRoute: Route, Hashable {
    /// The list of themes (the home page): in Edit mode, after a deletion (with its Undo), and
    /// scrolled to a theme.
    case chooser(editing: Bool = false, deleted: ThemeID? = nil, showing: ThemeID? = nil)
    /// The editor for a new theme.
    case newTheme
    /// The editor for a saved theme.
    case edit(ThemeID)
    /// Where the editor posts a new theme.
    case create
    /// Where the editor posts a saved theme.
    case update(ThemeID)
    /// A theme as a JSON file.
    case download(ThemeID)
    case delete(ThemeID)
    case undoDelete(ThemeID)
    case move(ThemeID)
    /// Bringing back the built-in themes the player deleted.
    case restoreBuiltIns

    enum Template: String, RouteTemplate {
        case chooser = "/"
        case newTheme = "/themes/new"
        case edit = "/themes/{id}/edit"
        case create = "/themes"
        case update = "/themes/{id}"
        case download = "/themes/{id}.json"
        case delete = "/themes/{id}/delete"
        case undoDelete = "/themes/{id}/undo-delete"
        case move = "/themes/{id}/move"
        case restoreBuiltIns = "/built-in-themes/restore"

        var method: HTTPRequest.Method {
            switch self {
            case .chooser, .newTheme, .edit, .download: .get
            case .create, .update, .delete, .undoDelete, .move, .restoreBuiltIns: .post
            }
        }
    }

    var template: Template {
        switch self {
        case .chooser: .chooser
        case .newTheme: .newTheme
        case .edit: .edit
        case .create: .create
        case .update: .update
        case .download: .download
        case .delete: .delete
        case .undoDelete: .undoDelete
        case .move: .move
        case .restoreBuiltIns: .restoreBuiltIns
        }
    }

    var parameters: [String: String] {
        switch self {
        case .chooser, .newTheme, .create, .restoreBuiltIns: [:]
        case .edit(let id), .update(let id), .download(let id), .delete(let id), .undoDelete(let id),
            .move(let id):
            ["id": id.description]
        }
    }

    var query: KeyValuePairs<String, String> {
        switch self {
        case .chooser(true, let deleted?, _): ["edit": "1", "deleted": deleted.description]
        case .chooser(true, nil, _): ["edit": "1"]
        case .chooser(false, let deleted?, _): ["deleted": deleted.description]
        default: [:]
        }
    }

    var fragment: String? {
        if case .chooser(_, _, let shown?) = self { return Self.anchor(of: shown) }
        return nil
    }

    /// The `id` of a theme's row in the chooser.
    static func anchor(of id: ThemeID) -> String { "theme-\(id)" }
}
