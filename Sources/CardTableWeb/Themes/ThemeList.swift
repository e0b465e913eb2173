/// The player's themes as the chooser lists them.
public struct ThemeList: Hashable, Sendable {
    /// The themes, in the player's order.
    public var themes: [SavedTheme]
    /// How many themes could not be read while listing them, and were set aside.
    public var setAsideCount: Int
    /// How many built-in themes the player deleted (Restore brings them back).
    public var missingBuiltInCount: Int
}
