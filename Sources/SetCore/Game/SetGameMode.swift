/// Whether one player plays alone or two players compete over the same table.
public enum SetGameMode: Codable, Hashable, Sendable {
    /// One player, ``SetPlayer/one``, selects freely.
    case solo
    /// Two players claim the table in turn; see ``TwoPlayerRules``.
    case twoPlayer(TwoPlayerRules)
}
