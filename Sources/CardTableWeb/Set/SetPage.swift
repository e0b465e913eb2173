import Foundation
import Mustache
import SetCore
import TemplateFields

/// What the Set page shows: the table, the deck and discard piles, the score (or both players'
/// panels), the hint, why a trio is not a Set, the missed Sets, and what just happened.
///
/// NB: the deck's order is never part of the page or its JSON: only how many cards are left.
@TemplateFields
struct SetPage: PageModel {
    static let template = "set"

    let title: String
    /// The game of Set: `normal`, `junior`, `chain` or `ultra`.
    let mode: String
    /// The mode's name, "Set-Chain"; nil for Normal, which needs none.
    let modeTitle: String?
    /// The mode's rule, said on the table; nil for Normal.
    let modeRule: String?
    /// What a player finds: "Set" or "UltraSet".
    let matchName: String
    /// `solo` or `two-player`.
    let players: String
    let isTwoPlayer: Bool
    let colorBlind: Bool
    /// The solo score (player one's in a two-player game).
    let score: Int
    let cards: [SetCardView]
    /// Whether this is Set-Chain, which shows the last Set taken beside the table.
    let isChain: Bool
    /// In Set-Chain, the last Set taken (empty before the first), one card of which the next Set
    /// reuses; nil otherwise.
    let previousSet: [SetCardView]?
    let cardCount: Int
    /// How the table's cards fill the board (see ``CardGridLayout``).
    let layout: CardGridLayout
    let deckCount: Int
    let deckIsEmpty: Bool
    let discardCount: Int
    /// The last card put on the discard pile, drawn face up on the pile.
    let discardTop: SetCardView?
    /// Whether Deal 3 is available to the solo player.
    let canDeal: Bool
    /// `none`, `selected` (1 or 2 cards), `match` or `mismatch`.
    let selectionState: String
    let selectionCount: Int
    /// Why the selected trio is not a Set: "two are red, one is green".
    let whyNot: String?
    /// The revealed hint in words.
    let hint: String?
    /// What the live region says.
    let announcement: String
    /// Said when the player's game could not be read and was set aside, until their next move.
    let setAsideNotice: String?
    let isOver: Bool
    /// The result under "Game over!": "Final score 12." or "Player 1 wins, 12 to 9."
    let result: String?
    /// How many matches the players took, for the game-over summary.
    let setsFound: Int
    /// How long the game has been played; `nil` for a game saved before its clock was kept.
    let time: PlayingClock?
    /// Whether the Hint button is offered (not after the end).
    let canHint: Bool
    /// Player two's panel (drawn at the top, turned towards them) and player one's.
    let playerTwo: SetPlayerPanel?
    let playerOne: SetPlayerPanel?
    /// The Sets the player missed: after a needless Deal 3, and at the end of the game.
    let missed: SetMissedReview?
    /// The table's move counter, sent back by every form so a post from an older page is turned down.
    let version: Int
    /// Seconds until the first two-player time limit ends (a claim, a grace period or a lockout),
    /// when the page should ask the server again.
    let refreshAfter: Double?

    // MARK: - Addresses

    let newGameURL = SetRoute.newGame.path
    let dealURL = SetRoute.deal.path
    let hintURL = SetRoute.hint.path
    let rulesURL = SetRoute.rules.path
    let claimURL = SetRoute.claim.path
    let colorBlindURL = SetRoute.colorBlind.path
    let chooserURL = ThemesRoute.chooser().path
    /// Where friends make a room to play Set together.
    let friendsURL = RoomRoute.new(game: .set, themeID: nil).path
    /// *Play against the computer* in the current mode.
    let computerGame: ComputerGameForm

    // MARK: - Card faces (every card of the page, drawn by `set-face.mustache`)

    /// The faces' SVG drawing box, as high as the card ratio makes it.
    let faceViewBox = SetSymbolView.faceViewBox
    /// Where the lower color-blind letter stands (5 above the bottom).
    let faceLowerCueY = SetSymbolView.faceLowerCueY

    /// What each player's score was made of, once the game is over (for two players, each line
    /// starts with the player).
    let breakdown: [String]
    /// The modes New Game offers, the current one chosen.
    let modeChoices: [SetModeChoice]
    /// How a finished game compares with the player's best; nil while it goes on.
    let best: BestComparison?
    let statsURL = StatsRoute.page.path

    init(_ snapshot: SetReferee.Snapshot, best: BestComparison? = nil) {
        self.best = best
        let saved = snapshot.saved
        let game = saved.game
        let now = snapshot.now
        let variant = game.variant
        title = variant == .normal ? "Set · CardTable" : "\(variant.title) · Set · CardTable"
        mode = variant.rawValue
        modeTitle = variant == .normal ? nil : variant.title
        modeRule = variant == .normal ? nil : variant.rule
        matchName = variant.matchName
        players = SetPlayMode(game).rawValue
        modeChoices = SetModeChoice.all(current: variant)
        computerGame = .set(variant)
        isTwoPlayer = game.twoPlayer != nil
        colorBlind = saved.colorBlind
        score = game.score
        cards = SetCardView.table(of: game)
        isChain = variant == .chain
        previousSet = isChain ? SetCardView.previousSet(of: game) : nil
        cardCount = game.table.count
        layout = .setTable(cardCount: game.table.count)
        deckCount = game.deck.count
        deckIsEmpty = game.deck.isEmpty
        discardCount = game.discardPile.count
        discardTop = game.discardPile.last.map { SetCardView.view(of: $0) }
        canDeal = game.dealRejection(at: now) == nil
        selectionCount = game.selection.count
        selectionState = SetCardView.selectionState(of: game).rawValue
        let violations = game.selectionViolations
        whyNot =
            if !violations.isEmpty {
                "Not a Set: \(SetVocabulary.explain(violations))."
            } else if game.selectionIsMatch == false {
                variant.ownMismatchReason
            } else {
                nil
            }
        hint = game.hint == nil ? nil : SetAnnouncement.hint(game)
        announcement = SetAnnouncement.text(for: saved, now: now)
        setAsideNotice = saved.lastMove == .setAside ? SetAnnouncement.setAsideNotice : nil
        isOver = game.isOver
        result = isOver ? SetAnnouncement.result(of: game) : nil
        setsFound =
            game.tallies.map { $0.one.sets + $0.two.sets } ?? game.discardPile.count / variant.cardsPerMatch
        breakdown = Self.breakdown(of: game)
        time = game.clock.map { PlayingClock(playingTime: $0.playingTime(at: now), isRunning: $0.isRunning) }
        canHint = game.canRevealHint
        playerOne = isTwoPlayer ? SetPlayerPanel(.one, game: game, now: now) : nil
        playerTwo = isTwoPlayer ? SetPlayerPanel(.two, game: game, now: now) : nil
        missed = SetMissedReview(saved)
        version = saved.version
        refreshAfter = game.twoPlayer?.timeUntilNextChange(at: now).map { ($0 * 1000).rounded() / 1000 }
    }
}

extension SetPage {
    /// Every card of the page (each of the 81 comes in only a few states, and a missed Set's
    /// three recur while it is shown), and the list of modes (one of four).
    func fragments(from renderer: PageRenderer) -> KeyValuePairs<String, String> {
        [
            "cardsHTML": renderer.fragments(SetCardView.template, for: cards),
            "previousSetHTML": renderer.fragments(SetCardView.template, for: previousSet ?? []),
            "discardTopHTML": renderer.fragments(
                SetCardView.faceTemplate, for: discardTop.map { [$0] } ?? []),
            "missedSetsHTML": renderer.fragments(SetTrioView.template, for: missed?.sets ?? []),
            "modeOptionsHTML": renderer.fragment(
                SetModeMenu.template, for: SetModeMenu(modeChoices: modeChoices)),
        ]
    }
}

extension SetPage {
    /// What each player's score was made of, once `game` is over; nothing for a game saved
    /// before tallies were kept.
    static func breakdown(of game: SetGame) -> [String] {
        guard game.isOver, let tallies = game.tallies else { return [] }
        let match = game.variant.matchName
        guard game.twoPlayer != nil else {
            return [FinishedGame.Breakdown.set(tallies.one).text(calling: match) + "."]
        }
        return [
            "Player 1: " + FinishedGame.Breakdown.set(tallies.one).text(calling: match) + ".",
            "Player 2: " + FinishedGame.Breakdown.set(tallies.two).text(calling: match) + ".",
        ]
    }
}
