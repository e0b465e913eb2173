import Foundation
import SetCore

/// What the page's live region says after a request: a claim that ran out first, then the last
/// move in words, or the result when the game is over.
enum SetAnnouncement {
    static func text(for saved: SavedSetGame, now: Date) -> String {
        let game = saved.game
        let timeout = saved.timeout.map { timedOut($0.player, penalty: $0.penalty) + " " } ?? ""
        guard game.isOver else { return timeout + move(saved, now: now) }
        // NB: the last Set ends the game at once, so its match is announced with the result.
        let gameOver = "Game over! " + result(of: game)
        if case .matched? = saved.lastMove {
            return timeout + move(saved, now: now) + " " + gameOver
        }
        return gameOver
    }

    /// What the page says when the player's game could not be read and was set aside.
    static let setAsideNotice = "Your saved game could not be read, so it was set aside and a new game dealt."

    /// The result of a finished game: "Final score 12." or "Player 1 wins, 12 to 9."
    static func result(of game: SetGame) -> String {
        guard game.twoPlayer != nil else { return "Final score \(game.score)." }
        let (one, two) = (game.scores.one, game.scores.two)
        guard let leader = game.leader else { return "A tie at \(one)." }
        let (high, low) = (max(one, two), min(one, two))
        return "\(SetVocabulary.playerName(leader)) wins, \(high) to \(low)."
    }

    /// The last move in words.
    private static func move(_ saved: SavedSetGame, now: Date) -> String {
        let game = saved.game
        let variant = game.variant
        // The final score follows the last move's words, so they leave it out.
        let score = game.twoPlayer == nil && !game.isOver ? " Score \(game.score)." : ""
        switch saved.lastMove {
        case nil, .newGame?, .setAside?:
            let mode = variant == .normal ? "" : " of \(variant.title)"
            return game.twoPlayer == nil
                ? "New game\(mode): \(game.table.count) cards dealt."
                : "New two-player game\(mode): press Set! when you see \(variant.aMatch)."
        case .selected(let card)?:
            return
                "Selected \(SetVocabulary.describe(card)) (\(game.selection.count) of \(variant.cardsPerMatch))."
        case .deselected(let card)?:
            return "Deselected \(SetVocabulary.describe(card))."
        case .matched(_, let player, let points)?:
            let who = game.twoPlayer == nil ? "" : " for \(SetVocabulary.playerName(player))"
            return "It's \(variant.aMatch)! Plus \(points)\(who).\(score)"
        case .mismatched(let player, let penalty)?:
            let whose = game.twoPlayer == nil ? "" : " for \(SetVocabulary.playerName(player))"
            let cost = penalty > 0 ? " Minus \(penalty)\(whose)." : ""
            // NB: the reasons are in the page's "why not" line, which is part of the live region.
            return "Not \(variant.aMatch).\(cost)\(score)"
        case .clearedMatch?:
            if variant == .chain {
                return "That Set is now the last Set: the next one reuses one of its cards."
                    + " \(game.table.count) cards on the table."
            }
            return
                "The \(variant.matchName) went to the discard pile. \(game.table.count) cards on the table."
        case .dealt(_, _, let penalty, _)?:
            let cost = penalty > 0 ? " There was \(variant.aMatch) on the table: minus \(penalty)." : ""
            return
                "Dealt 3 cards: \(game.table.count) on the table, \(game.deck.count) in the deck.\(cost)\(score)"
        case .hint(let player, let cost)?:
            // NB: the hint itself is on the page's hint line, in the same live region.
            let whose = game.twoPlayer == nil ? "" : " for \(SetVocabulary.playerName(player))"
            switch cost {
            case let cost? where cost > 0: return "Hint shown below: minus \(cost)\(whose).\(score)"
            case 0?: return "The same hint again, at no cost."
            default: return "Hint shown below."
            }
        case .claimed(let player)?:
            let seconds = game.twoPlayer?.claimTimeRemaining(at: now).map { Int($0.rounded(.up)) } ?? 0
            return
                "\(SetVocabulary.playerName(player)) claims \(variant.aMatch): \(seconds) seconds to select it."
        case .timedOut(let player, let penalty)?:
            return timedOut(player, penalty: penalty)
        case .colorBlindMode(let isOn)?:
            return isOn ? "Color-blind mode on: letters name the colors." : "Color-blind mode off."
        case .outdated?:
            return "The table changed; look again."
        case .rejected(let reason)?:
            return rejection(reason, now: now)
        }
    }

    /// What a revealed hint says.
    static func hint(_ game: SetGame) -> String {
        switch game.hint {
        case .match(let match)?:
            "Hint: " + match.cards.map(SetVocabulary.describe).joined(separator: ", ") + "."
        case .noSet?: "Hint: there is no \(game.variant.matchName) on the table. Deal 3 more cards."
        case nil: ""
        }
    }

    // MARK: - Private

    private static func timedOut(_ player: SetPlayer, penalty: Int) -> String {
        let cost = penalty > 0 ? ", minus \(penalty)" : ""
        return "\(SetVocabulary.playerName(player)) ran out of time\(cost)."
    }

    private static func rejection(_ reason: SetMoveRejection, now: Date) -> String {
        switch reason {
        case .cardNotOnTable: "That card is no longer on the table."
        case .deckEmpty: "The deck is empty."
        case .gameOver: "The game is over. Start a new game."
        case .notATwoPlayerGame: "This is a solo game."
        case .claimRequired: "Press Set! first to claim the table."
        case .tableClaimed(let player): "\(SetVocabulary.playerName(player)) has the table."
        case .lockedOut(let until):
            "After a miss, wait \(seconds(until: until, now: now)) more seconds to claim."
        case .gracePeriod(let player, let until):
            "\(SetVocabulary.playerName(player)) has the table for \(seconds(until: until, now: now)) more seconds."
        }
    }

    private static func seconds(until end: Date, now: Date) -> Int {
        max(0, Int(end.timeIntervalSince(now).rounded(.up)))
    }
}
