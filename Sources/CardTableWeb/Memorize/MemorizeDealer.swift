import CardTableBasics
import CardTableHTTP
import MemorizeCore
import SeededRandom

/// Deals Memorize games from a player's themes: a slot's first deal, the same on every visit
/// until it is played, and every deal after it.
struct MemorizeDealer: Sendable {
    let secret: ServerSecret
    let speedBonus: SpeedBonus

    /// The first deal in `slot`: seeded from the server secret, the player and the slot, so only
    /// the server can compute it, and it is the same on every visit.
    func firstDeal(in slot: MemorizeSlot, for player: PlayerID, from themes: [SavedTheme]) throws
        -> SavedMemorizeGame
    {
        var generator = SeededGenerator(seed: secret.seed(for: "memorize|\(player)|\(slot.storageKey)"))
        return try deal(in: slot, replacing: nil, from: themes, using: &generator)
    }

    /// A new game in `slot` from `themes` (the slot's theme, or all the player's for the random
    /// slot): a random one other than `previous`'s when there is a choice.
    /// - Throws: ``AppError/notFound(_:)`` when there is no theme to deal from.
    func deal(
        in slot: MemorizeSlot, replacing previous: SavedMemorizeGame?, from themes: [SavedTheme],
        using generator: inout some RandomNumberGenerator
    ) throws -> SavedMemorizeGame {
        guard let theme = Self.pick(from: themes, avoiding: previous?.theme.id, using: &generator) else {
            throw slot == .random
                ? AppError.notFound(
                    "You have no themes to choose from: add one, or restore the built-in ones, in the theme list."
                )
                : AppError.noSuchTheme
        }
        let deal = SavedMemorizeGame.newDeal(using: &generator)
        return SavedMemorizeGame(
            slot: slot, theme: theme, game: theme.theme.makeGame(speedBonus: speedBonus, using: &generator),
            deal: deal)
    }

    /// A theme for a new game: the only one, or (for the random slot) a random one other than
    /// the last when there is a choice.
    static func pick(
        from themes: [SavedTheme], avoiding previous: ThemeID?,
        using generator: inout some RandomNumberGenerator
    ) -> SavedTheme? {
        let others = themes.filter { $0.id != previous }
        return (others.isEmpty ? themes : others).randomElement(using: &generator)
    }
}
