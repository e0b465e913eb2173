import Mustache

/// What the service worker shows when a page cannot be reached: the game is saved and will be
/// there when the connection returns. It is kept in the worker's cache, so it links only files
/// the worker keeps.
struct OfflinePage: PageModel {
    static let template = "offline"

    let title = "Offline · CardTable"
}

extension OfflinePage: MustacheParent {
    /// The values the templates name, found without reflection.
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        default: nil
        }
    }
}
