import Mustache
import SetCore
import TemplateFields

/// Three cards drawn small, with their description for screen readers: a missed Set, a Set a
/// player took in a room, a claim in a replay.
@TemplateFields
struct SetTrioView: Encodable, Hashable, Sendable {
    /// The partial that draws one, as an item of a list.
    static let template = "set-trio"

    let cards: [SetCardView]
    /// "one red solid diamond, two green striped ovals, three purple open squiggles".
    let label: String

    init(_ cards: [SetCard]) {
        self.cards = cards.map { SetCardView.view(of: $0) }
        label = self.cards.map(\.description).joined(separator: ", ")
    }
}
