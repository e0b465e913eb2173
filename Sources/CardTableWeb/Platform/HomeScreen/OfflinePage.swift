import Mustache

/// What the service worker shows when a page cannot be reached: the game is saved and will be
/// there when the connection returns. The worker keeps it and every file it links.
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
