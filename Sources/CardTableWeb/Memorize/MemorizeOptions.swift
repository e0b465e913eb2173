import Mustache
import TemplateFields

/// The game page's options panel: a peek at the start and how soon a mismatch turns back.
@TemplateFields
struct MemorizeOptions: Encodable, Sendable {
    /// Where the form posts.
    let url: String
    let peeksAtStart: Bool
    /// How long the peek lasts, in whole seconds.
    let peekSeconds: Int
    /// The turn-back choices in the order shown, the player's selected.
    let turnBackChoices: [Choice]

    /// One option of the turn-back menu.
    @TemplateFields
    struct Choice: Encodable, Sendable {
        let value: String
        let label: String
        let isSelected: Bool
    }

    init(_ preferences: MemorizePreferences, url: String) {
        self.url = url
        peeksAtStart = preferences.peeksAtStart
        peekSeconds = Int(MemorizePreferences.peekDuration)
        let delays: [TurnBackDelay?] = [nil] + TurnBackDelay.allCases
        turnBackChoices = delays.map { delay in
            Choice(
                value: TurnBackChoice.value(of: delay),
                label: delay?.label ?? "When I tap another card",
                isSelected: delay == preferences.turnBackDelay)
        }
    }
}
