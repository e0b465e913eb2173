import CardTableBasics
import Foundation
import MemorizeCore
import Mustache
import TemplateFields

/// One card as the game page draws it. A face-down card carries no content at all: the server
/// is the source of truth, and the browser never learns what a hidden card shows.
///
/// Cards are named by their 1-based place in the grid, which says nothing about what they show
/// (the engine's ids say nothing either: they are the places of the first layout).
@TemplateFields
struct MemorizeCardView: Encodable, Hashable, Sendable {
    /// The partial that draws one card.
    static let template = "memorize-card"

    /// The card's 1-based place in the grid: its id in URLs, the page and the JSON.
    let id: Int
    let isFaceUp: Bool
    let isMatched: Bool
    /// The emoji, only while the card is face up.
    let content: String?
    /// What a screen reader says for the card's button.
    let label: String
    /// Where tapping the card posts to.
    let chooseURL: String
    /// The speed-bonus countdown on the one face-up card, while it runs.
    let bonus: BonusCountdown?

    /// - Parameter isPeeking: Whether every card is being shown at the start of the game.
    init(
        card: MemoryGame<String>.Card, number: Int, game: MemoryGame<String>, slot: MemorizeSlot, now: Date,
        isPeeking: Bool = false
    ) {
        id = number
        isFaceUp = card.isFaceUp || isPeeking
        isMatched = card.isMatched
        content = isFaceUp ? card.content : nil
        chooseURL = Self.chooseURLs.value(for: .choose(card: number, in: slot)) { $0.path }
        let remaining = game.bonusTimeRemaining(for: card, at: now)
        bonus =
            remaining > 0
            ? game.speedBonus.map { BonusCountdown(remaining: remaining, window: $0.window) } : nil
        label = Self.label(number: number, content: content, isMatched: card.isMatched, bonus: bonus)
    }

    /// The cards' addresses: the same for every game in a slot.
    private static let chooseURLs = Memo<MemorizeRoute, String>(capacity: 4096)

    private static func label(number: Int, content: String?, isMatched: Bool, bonus: BonusCountdown?)
        -> String
    {
        switch (content, isMatched) {
        case (let content?, true): "\(content), matched"
        case (nil, true): "card \(number), matched"
        case (let content?, false):
            bonus.map { "\(content), face up, \($0.wholeSeconds) seconds of bonus left" }
                ?? "\(content), face up"
        case (nil, false): "card \(number), face down"
        }
    }
}
