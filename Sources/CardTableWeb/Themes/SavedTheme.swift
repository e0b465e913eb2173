import MemorizeCore

/// A theme as a player keeps it: the engine's ``Theme`` plus the id it is saved under.
public struct SavedTheme: Hashable, Sendable {
    public var id: ThemeID
    public var theme: Theme

    public init(id: ThemeID, theme: Theme) {
        self.id = id
        self.theme = theme
    }
}
