import Foundation
import MemorizeCore

/// Where each player's Memorize themes are kept: their list (the shared built-in themes until
/// they change it), and every change to it, one transaction each, in SQLite or PostgreSQL. One
/// player's changes run one after another, whichever instance takes them.
protocol ThemeStore: Sendable {
    /// The player's themes, in their order.
    func themes(of player: PlayerID) async throws -> [SavedTheme]
    /// The player's themes, with how many were set aside as unreadable just now and how many
    /// built-in themes they deleted.
    func themeList(of player: PlayerID) async throws -> ThemeList
    /// One of the player's themes; nil when it does not exist, is deleted, or is someone else's.
    func theme(_ id: ThemeID, of player: PlayerID) async throws -> SavedTheme?
    /// The theme the player deleted last, while it can still be brought back.
    func recentlyDeletedTheme(of player: PlayerID) async throws -> SavedTheme?

    /// Adds a theme at the end of the player's list.
    func addTheme(_ theme: Theme, for player: PlayerID, at now: Date) async throws -> SavedTheme
    /// Replaces a theme; nil when the player has no such theme, else whether it changed.
    func updateTheme(_ id: ThemeID, to theme: Theme, for player: PlayerID, at now: Date) async throws -> Bool?
    /// Deletes a theme until the player deletes another; nil when they have no such theme.
    func deleteTheme(_ id: ThemeID, for player: PlayerID, at now: Date) async throws -> SavedTheme?
    /// Brings back the theme deleted last; nil when it cannot be.
    func undoDeleteTheme(_ id: ThemeID, for player: PlayerID) async throws -> SavedTheme?
    /// Moves a theme to `index` in the list; false when the player has no such theme.
    func moveTheme(_ id: ThemeID, to index: Int, for player: PlayerID, at now: Date) async throws -> Bool
    /// Adds back the built-in themes the player deleted, and answers how many.
    func restoreBuiltInThemes(for player: PlayerID, at now: Date) async throws -> Int
}

extension CardTableStore: ThemeStore {}
