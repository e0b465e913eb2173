import Foundation
import Mustache
import SetCore
import TemplateFields

/// One player's controls in a two-player game: their score, their claim ("Set!"), Deal 3 and
/// Hint buttons, and the countdown of whatever time limit concerns them.
@TemplateFields
struct SetPlayerPanel: Encodable, Sendable {
    /// `one` or `two`, the value the panel's forms send.
    let player: String
    let name: String
    let score: Int
    let isLeader: Bool
    /// Whether this player holds the claim.
    let isClaiming: Bool
    let canClaim: Bool
    let canDeal: Bool
    /// Whether this player may buy a hint (not while the other holds the claim).
    let canHint: Bool
    /// The running time limit that concerns this player, if any.
    let countdown: SetCountdown?
    /// A short sentence about the player's turn.
    let status: String

    init(_ player: SetPlayer, game: SetGame, now: Date) {
        self.player = player.rawValue
        name = SetVocabulary.playerName(player)
        score = game.scores[player]
        isLeader = game.leader == player
        let state = game.twoPlayer
        isClaiming = state?.claim?.player == player
        canClaim = game.claimRejection(by: player, at: now) == nil
        canDeal = game.dealRejection(by: player, at: now) == nil
        canHint = game.hintRejection(by: player) == nil
        countdown = Self.countdown(for: player, in: state, match: game.variant.matchName, at: now)
        // NB: a running countdown says what it is for, so the status line stays empty then.
        status = countdown == nil && canClaim ? "Press Set! when you see one." : ""
    }

    private static func countdown(
        for player: SetPlayer, in state: TwoPlayerState?, match: String, at now: Date
    ) -> SetCountdown? {
        guard let state else { return nil }
        if state.claim?.player == player, let seconds = state.claimTimeRemaining(at: now) {
            return SetCountdown(kind: .claim, seconds: seconds, rules: state.rules, match: match)
        }
        // NB: a lockout blocks the claim even in the player's own grace period, so it shows first.
        if let seconds = state.lockoutRemaining(for: player, at: now) {
            return SetCountdown(kind: .lockout, seconds: seconds, rules: state.rules)
        }
        if state.gracePeriod?.player == player, let seconds = state.graceTimeRemaining(at: now) {
            return SetCountdown(kind: .grace, seconds: seconds, rules: state.rules)
        }
        return nil
    }
}
