import Foundation
import MemorizeCore
import Mustache
import TemplateFields

/// What the game page shows: the theme, the score, the cards and what just happened.
@TemplateFields
struct MemorizePage: PageModel {
    static let template = "memorize"

    let title: String
    let theme: MemorizeHeading
    /// `random` for the random-theme game, otherwise the theme's id.
    let slot: String
    let isRandom: Bool
    /// The deal shown, which every tap sends back (a tap from an out-of-date page is turned down).
    let deal: Int64
    let score: Int
    let scoreBreakdown: ScoreBreakdown
    /// Pairs matched so far, and the score's three parts as the game-over breakdown shows them
    /// ("+16", "−3", "0").
    let matchCount: Int
    let matchPoints: Int
    let speedBonusText: String
    let mismatchPenaltiesText: String
    /// Moves and playing time; `nil` for a game stored before they were counted.
    let progress: MemorizeProgress?
    let scoring: MemorizeScoringRules
    let isOver: Bool
    let cards: [MemorizeCardView]
    let layout: CardGridLayout
    /// What the live region says about the last choice ("Match! …", "Score 4").
    let announcement: String
    /// Said when the slot's game could not be read and was set aside, until the first choice.
    let setAsideNotice: String?
    /// The peek at every card that starts the game, while it lasts.
    let peek: MemorizePeek?
    /// Milliseconds after which the script turns the mismatch on the table back, when there is one
    /// and the player chose a delay.
    let turnBackAfter: Int?
    let turnBackURL: String
    /// The options panel: the player's peek and turn-back delay.
    let options: MemorizeOptions
    let newGameURL: String
    let chooserURL: String
    let statsURL = StatsRoute.page.path
    /// Where friends make a room to play this theme together (a copy of it).
    let friendsURL: String
    /// *Play against the computer* with this theme.
    let computerGame: ComputerGameForm

    /// How a finished game compares with the player's best; nil while it goes on.
    let best: BestComparison?

    init(_ table: MemorizeTable, now: Date, best: BestComparison? = nil) {
        self.best = best
        let saved = table.game
        let game = saved.game
        theme = MemorizeHeading(saved.theme)
        title = "\(saved.theme.theme.name) · Memorize"
        slot = saved.slot.pathSegment
        isRandom = saved.slot == .random
        deal = saved.deal
        score = game.score
        scoreBreakdown = game.scoreBreakdown
        matchCount = game.cards.count(where: \.isMatched) / 2
        matchPoints = game.scoreBreakdown.matchPoints
        let (bonus, penalties) = (game.scoreBreakdown.speedBonusPoints, game.scoreBreakdown.mismatchPenalties)
        speedBonusText = bonus > 0 ? "+\(bonus)" : "0"
        mismatchPenaltiesText = penalties > 0 ? "−\(penalties)" : "0"
        progress = MemorizeProgress(game, now: now)
        scoring = MemorizeScoringRules(game.speedBonus)
        isOver = game.isOver
        let isPeeking = game.isPeeking(at: now)
        cards = game.cards.enumerated().map { index, card in
            MemorizeCardView(
                card: card, number: index + 1, game: game, slot: saved.slot, now: now, isPeeking: isPeeking)
        }
        layout = .grid(cardCount: game.cards.count)
        peek = isPeeking ? MemorizePeek(remaining: game.peekTimeRemaining(at: now)) : nil
        announcement = peek?.announcement ?? Self.announcement(for: saved)
        setAsideNotice = saved.isDealtInPlaceOfSetAside ? Self.setAsideNotice : nil
        let showsMismatch = game.cards.count { $0.isFaceUp && !$0.isMatched } == 2
        turnBackAfter = showsMismatch ? table.preferences.turnBackDelay?.rawValue : nil
        turnBackURL = MemorizeRoute.turnBack(saved.slot).path
        options = MemorizeOptions(table.preferences, url: MemorizeRoute.options(saved.slot).path)
        newGameURL = MemorizeRoute.newGame(saved.slot).path
        friendsURL = RoomRoute.new(game: .memorize, themeID: saved.theme.id).path
        computerGame = .memorize(saved.theme.id)
        chooserURL = ThemesRoute.chooser().path
    }

    /// What the page says when the slot's game could not be read and was set aside.
    static let setAsideNotice = "Your saved game could not be read, so it was set aside and a new game dealt."

    private static func announcement(for saved: SavedMemorizeGame) -> String {
        let game = saved.game
        if game.isOver, !game.cards.isEmpty {
            return "Game over! Final score \(game.score)."
        }
        guard let last = saved.lastChoice,
            let chosen = game.cards.first(where: { $0.id == last.cardID })
        else { return "New game. Score \(game.score)." }
        let other = game.cards.first { $0.isFaceUp && $0.id != chosen.id && !$0.isMatched }
        switch last.outcome {
        case .ignored:
            return "That card is already face up. Score \(game.score)."
        case .turnedUp:
            return "\(chosen.content) turned up."
        case .matched(let points):
            return "Match! \(chosen.content) and \(chosen.content), plus \(points). Score \(game.score)."
        case .mismatched where !chosen.isFaceUp:
            return "The two cards turned face down. Score \(game.score)."
        case .mismatched(let penalty):
            let pair = other.map { "\(chosen.content) and \($0.content)" } ?? chosen.content
            let cost = penalty > 0 ? ", minus \(penalty)" : ""
            return "No match: \(pair)\(cost). Score \(game.score)."
        }
    }
}

extension MemorizePage {
    /// The cards: face-down cards look alike in every game of a slot.
    func fragments(from renderer: PageRenderer) -> KeyValuePairs<String, String> {
        ["cardsHTML": renderer.fragments(MemorizeCardView.template, for: cards)]
    }
}
