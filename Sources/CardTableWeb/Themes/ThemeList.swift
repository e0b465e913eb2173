/// The player's themes as the chooser lists them.
package struct ThemeList: Hashable, Sendable {
    /// The themes, in the player's order.
    package var themes: [SavedTheme]
    /// How many themes could not be read while listing them, and were set aside.
    package var setAsideCount: Int
    /// How many built-in themes the player deleted (Restore brings them back).
    package var missingBuiltInCount: Int

    /// The most themes one player keeps (deleted ones waiting for Undo do not count).
    package static let maximumCount = 100
}

/// A player tried to add a theme while keeping ``ThemeList/maximumCount`` already.
package struct ThemeLimitReached: Error, Equatable, CustomStringConvertible {
    package var description: String {
        "You keep \(ThemeList.maximumCount) themes, the most one player can: delete one to add another."
    }
}
