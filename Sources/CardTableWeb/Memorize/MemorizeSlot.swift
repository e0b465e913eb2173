/// Which of a player's games is meant: the one for a theme, or the random-theme game, whose
/// every New Game picks another theme (Assignment II).
package enum MemorizeSlot: Hashable, Sendable {
    case theme(ThemeID)
    case random

    /// Reads the slot from a URL path segment: a theme id or `random`.
    /// What a slot in an address must be, for the 404 that names it.
    static let pathDescription = "a theme's number or random"

    package init?(pathSegment: some StringProtocol) {
        if pathSegment == "random" {
            self = .random
        } else if let id = ThemeID(pathSegment) {
            self = .theme(id)
        } else {
            return nil
        }
    }

    /// The slot as it appears in URLs (`12`, `random`).
    package var pathSegment: String {
        switch self {
        case .theme(let id): id.description
        case .random: "random"
        }
    }

    /// What a theme's slot is stored as before the theme's id.
    static let themeKeyPrefix = "theme-"

    /// The slot as stored in the database (`theme-12`, `random`).
    var storageKey: String {
        switch self {
        case .theme(let id): "\(Self.themeKeyPrefix)\(id)"
        case .random: "random"
        }
    }
}
