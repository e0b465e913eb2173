import Mustache
import TemplateFields

/// What the service worker shows when a page cannot be reached: the game is saved and will be
/// there when the connection returns. The worker keeps it and every file it links.
@TemplateFields
struct OfflinePage: PageModel {
    static let template = "offline"

    let title = "Offline · CardTable"
}
