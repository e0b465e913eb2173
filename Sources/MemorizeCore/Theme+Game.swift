extension Theme {
    /// Starts a game of this theme: ``pairsInGame`` pairs of emoji drawn at random from *all* the
    /// theme's emoji (no dead emoji), one pair per emoji, shuffled.
    public func makeGame(
        speedBonus: SpeedBonus? = nil,
        using generator: inout some RandomNumberGenerator
    ) -> MemoryGame<String> {
        let chosenEmojis = Array(emojis.shuffled(using: &generator).prefix(pairsInGame))
        return MemoryGame(
            numberOfPairsOfCards: chosenEmojis.count,
            speedBonus: speedBonus,
            using: &generator,
            cardContentFactory: { chosenEmojis[$0] }
        )
    }

    /// Starts a game of this theme with the system's randomness.
    public func makeGame(speedBonus: SpeedBonus? = nil) -> MemoryGame<String> {
        var generator = SystemRandomNumberGenerator()
        return makeGame(speedBonus: speedBonus, using: &generator)
    }
}
