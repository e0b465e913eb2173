import MemorizeCore

/// A theme as a player keeps it: the engine's ``Theme`` plus the id it is saved under.
package struct SavedTheme: Hashable, Sendable {
    package var id: ThemeID
    package var theme: Theme

    package init(id: ThemeID, theme: Theme) {
        self.id = id
        self.theme = theme
    }
}
