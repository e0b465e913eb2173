import SetCore

/// What the last request did to a player's Set game, kept with the game so the page can
/// announce it (a form post is answered with a redirect, so the page is drawn by a later request).
package enum SetLastMove: Codable, Hashable, Sendable {
    /// A new game was dealt.
    case newGame
    /// A card joined the selection.
    case selected(SetCard)
    /// A card left the selection.
    case deselected(SetCard)
    /// The selected cards were a match (a Set, or an UltraSet), worth `points` to `player`.
    /// (Saved as the cards' ids, as Sets were before there were UltraSets.)
    case matched(SetMatch, by: SetPlayer, points: Int)
    /// Three selected cards were not a Set, costing `player` `penalty`; the reasons are the game's
    /// selection violations.
    case mismatched(by: SetPlayer, penalty: Int)
    /// A match left the table.
    case clearedMatch(SetMatch)
    /// Three cards were dealt, costing `penalty` when Sets were on the table: the `missed` ones.
    /// (Rows saved before `missed` existed read as `nil`.)
    case dealt([SetCard], by: SetPlayer, penalty: Int, missed: MissedSets?)
    /// A hint was revealed, costing `player` `cost` (0 when it was shown again). (Rows saved
    /// before `cost` existed read as `nil`.)
    case hint(by: SetPlayer, cost: Int?)
    /// A player claimed the table.
    case claimed(SetPlayer)
    /// A claim ran out of time.
    case timedOut(SetPlayer, penalty: Int)
    /// The color-blind mode was switched on or off.
    case colorBlindMode(Bool)
    /// The move was sent from an older page (its version did not match) and nothing changed.
    case outdated
    /// The engine refused the move and nothing changed.
    case rejected(SetMoveRejection)
    /// The player's game could not be read: it was moved to the quarantine and this one dealt in
    /// its place (the page says so until the next move).
    case setAside
}
